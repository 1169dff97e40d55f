/**
 * The state as .cache/pipeline/state.json holds it (without the summaries: see readState), and
 * the changes narrow runs log onto it (memo/narrow.ts). Column by column: at 10,000 pages per language, arrays
 * parse several times faster than objects of 20,000 keys each, and a narrow run looks up no more
 * than a handful of entries (StateTable). The full run works on the BuildState of maps
 * (stateOfTable, tableOfState).
 */
import type { Lang } from '../../schemas/lang.ts';
import type { BuildState, SourceStamp } from './incremental.ts';

type LlmsRange = BuildState['llmsFull'][string];

export interface StateFile {
  inputs: string;
  fingerprint: string;
  fragments: BuildState['fragments'];
  searchIndex: BuildState['searchIndex'];
  /** Page sources, and each one's outward digest (by its key in BuildState). */
  files: { path: string[]; mtimeMs: number[]; size: number[]; key: string[]; outward: Array<string | null> };
  /** Routes of dist-data/; null where BuildState has no entry. */
  routes: { path: string[]; record: Array<string | null>; searchHash: Array<string | null>; group: Array<string | null>; llmsFull: Array<LlmsRange | null>; hovers: Array<string | null> };
  linkPages?: BuildState['linkPages'];
}

/**
 * Quick runs' changes to the state since state.json was written, a StateChange as a JSON line
 * each: state.json is megabytes at 10,000 pages per language, which a narrow run would otherwise
 * write again for the few entries it changes.
 */
export const STATE_LOG = 'state.log';

/** From this many changes in the log, a narrow run writes state.json whole instead, and empties the log. */
export const STATE_LOG_MAX = 32;

/** A page's section of llms-full.txt replaced: its new length, and the hash of the record it was made from. */
export interface LlmsSplice {
  route: string;
  length: number;
  hash: string;
}

/** What a narrow run changed of the state (see memo/narrow.ts): entries of known files and routes replaced, llms-full.txt sections spliced. */
export interface StateChange {
  /** The fingerprint of the state it applies to: a change logged onto another state is stale. */
  on: string;
  fingerprint: string;
  files: Record<string, SourceStamp & { outward: string }>;
  routes: Record<string, { record: string; searchHash: string; hovers: string | null }>;
  llmsFull: LlmsSplice[];
  searchIndex: Partial<Record<Lang, string>>;
}

/** A state file with its entries found by path. */
export class StateTable {
  private readonly fileAt: Map<string, number>;
  private readonly routeAt: Map<string, number>;

  constructor(readonly data: StateFile) {
    this.fileAt = new Map(data.files.path.map((file, i) => [file, i]));
    this.routeAt = new Map(data.routes.path.map((route, i) => [route, i]));
  }

  get fileCount(): number {
    return this.data.files.path.length;
  }

  file(path: string): (SourceStamp & { outward: string | null }) | undefined {
    const i = this.fileAt.get(path);
    const { files } = this.data;
    return i === undefined ? undefined : { mtimeMs: files.mtimeMs[i]!, size: files.size[i]!, key: files.key[i]!, outward: files.outward[i]! };
  }

  route(path: string): { record: string | null; searchHash: string | null; group: string | null; llmsFull: LlmsRange | null; hovers: string | null } | undefined {
    const i = this.routeAt.get(path);
    const { routes } = this.data;
    return i === undefined ? undefined : { record: routes.record[i]!, searchHash: routes.searchHash[i]!, group: routes.group[i]!, llmsFull: routes.llmsFull[i]!, hovers: routes.hovers[i] ?? null };
  }

  /** The change applied in place; false (and nothing changed) when it names a file or route the state does not have. */
  apply(change: StateChange): boolean {
    const files = Object.entries(change.files).map(([path, stamp]) => [this.fileAt.get(path), stamp] as const);
    const routes = Object.entries(change.routes).map(([path, hashes]) => [this.routeAt.get(path), hashes] as const);
    const splices = change.llmsFull.map((splice) => [this.routeAt.get(splice.route), splice] as const);
    const { data } = this;
    if ([...files, ...routes, ...splices].some(([i]) => i === undefined) || splices.some(([i]) => !data.routes.llmsFull[i!])) return false;
    for (const [i, stamp] of files) {
      data.files.mtimeMs[i!] = stamp.mtimeMs;
      data.files.size[i!] = stamp.size;
      data.files.key[i!] = stamp.key;
      data.files.outward[i!] = stamp.outward;
    }
    for (const [i, hashes] of routes) {
      data.routes.record[i!] = hashes.record;
      data.routes.searchHash[i!] = hashes.searchHash;
      data.routes.hovers[i!] = hashes.hovers;
    }
    spliceRanges(data.routes.llmsFull, splices.map(([i, splice]) => ({ at: i!, length: splice.length, hash: splice.hash })));
    Object.assign(data.searchIndex, change.searchIndex);
    data.fingerprint = change.fingerprint;
    return true;
  }
}

/**
 * Byte ranges, in place, after the sections at the given indexes took their new lengths: the
 * sections after each one move by the difference.
 */
export function spliceRanges(ranges: Array<LlmsRange | null>, splices: ReadonlyArray<{ at: number; length: number; hash: string }>): void {
  if (splices.length === 0) return;
  // Where each spliced section was, in file order (copied: the ranges change below).
  const moves = splices
    .map((splice) => ({ splice, start: ranges[splice.at]![0], end: ranges[splice.at]![1], delta: splice.length - (ranges[splice.at]![1] - ranges[splice.at]![0]) }))
    .sort((a, b) => a.start - b.start);
  // How far a section starting at `offset` moves.
  const shiftAt = (offset: number) => {
    let shift = 0;
    for (const move of moves) {
      if (move.end > offset) break;
      shift += move.delta;
    }
    return shift;
  };
  const spliced = moves.map(({ splice, start }) => {
    const at = start + shiftAt(start);
    return [splice.at, [at, at + splice.length, splice.hash] as LlmsRange] as const;
  });
  // Indexed, with the moves' loop written out: a call per section made a log's replay cost a
  // tenth of a second at 10,000 pages per language.
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (!range) continue;
    let shift = 0;
    for (let k = 0; k < moves.length && moves[k]!.end <= range[0]; k++) shift += moves[k]!.delta;
    if (shift === 0) continue;
    range[0] += shift;
    range[1] += shift;
  }
  for (const [i, range] of spliced) ranges[i] = range;
}

/** The state file of a state (every route any of its maps names). */
export function tableOfState(state: Omit<BuildState, 'summaries'>): StateFile {
  const files = Object.entries(state.files);
  const routes = [...new Set([...Object.keys(state.records), ...Object.keys(state.searchHashes ?? {}), ...Object.keys(state.groups ?? {}), ...Object.keys(state.llmsFull), ...Object.keys(state.hoverDigests ?? {})])];
  return {
    inputs: state.inputs,
    fingerprint: state.fingerprint,
    fragments: state.fragments,
    searchIndex: state.searchIndex,
    files: {
      path: files.map(([file]) => file),
      mtimeMs: files.map(([, stamp]) => stamp.mtimeMs),
      size: files.map(([, stamp]) => stamp.size),
      key: files.map(([, stamp]) => stamp.key),
      outward: files.map(([, stamp]) => state.outward?.[stamp.key] ?? null),
    },
    routes: {
      path: routes,
      record: routes.map((route) => state.records[route] ?? null),
      searchHash: routes.map((route) => state.searchHashes?.[route] ?? null),
      group: routes.map((route) => state.groups?.[route] ?? null),
      llmsFull: routes.map((route) => state.llmsFull[route] ?? null),
      hovers: routes.map((route) => state.hoverDigests?.[route] ?? null),
    },
    ...(state.linkPages && { linkPages: state.linkPages }),
  };
}

/** The state of a state file. */
export function stateOfTable(data: StateFile): Omit<BuildState, 'summaries'> {
  const state: Omit<BuildState, 'summaries'> = { inputs: data.inputs, fingerprint: data.fingerprint, fragments: data.fragments, searchIndex: data.searchIndex, files: {}, outward: {}, records: {}, searchHashes: {}, groups: {}, llmsFull: {}, hoverDigests: {}, linkPages: data.linkPages ?? {} };
  const { files, routes } = data;
  files.path.forEach((file, i) => {
    state.files[file] = { mtimeMs: files.mtimeMs[i]!, size: files.size[i]!, key: files.key[i]! };
    if (files.outward[i] !== null) state.outward![files.key[i]!] = files.outward[i]!;
  });
  routes.path.forEach((route, i) => {
    if (routes.record[i] !== null) state.records[route] = routes.record[i]!;
    if (routes.searchHash[i] !== null) state.searchHashes![route] = routes.searchHash[i]!;
    state.groups![route] = routes.group[i]!;
    if (routes.llmsFull[i]) state.llmsFull[route] = routes.llmsFull[i]!;
    if (routes.hovers[i]) state.hoverDigests![route] = routes.hovers[i]!;
  });
  return state;
}

/**
 * What a long-running caller (the dev server) keeps in memory from run to run: the cache as the
 * disk would hold it (incremental.ts), and what is never written: the last run's findings,
 * record heads, bundle and site-wide results, for the next run to reuse.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { ResolvedHovers } from '../hovers/hover-hast.ts';
import type { HoverLinkProblem } from '../hovers/hover-links.ts';
import type { DriftMemo } from '../translations/drift.ts';
import type { RouteEntry } from '../../schemas/route.ts';
import type { LlmsChunk, LlmsLineMemo } from '../derive/llms.ts';
import type { RecordHead } from '../derive/page.ts';
import type { SitemapMemo } from '../derive/sitemap.ts';
import { Diagnostics, type Diagnostic } from '../diagnostics.ts';
import type { Bundle } from '../stages/emit.ts';
import type { CacheContents } from './incremental.ts';
import type { SearchIndexMemo } from '../search/layout.ts';
import type { Discovered, PageSummary } from '../types.ts';

/**
 * What a long-running caller (the dev server) keeps between runs, so that a run neither reads
 * its cache back from disk nor waits for it to be written: `unsaved` is what the cache folder
 * does not have yet, for saveBuildMemory to write when the caller is idle. The disk cache may
 * lag behind meanwhile; every reuse is checked by hash, so a lagging cache costs time, never
 * correctness.
 */
export interface BuildMemory extends CacheContents {
  unsaved: CacheContents | null;
  /** Every page's head as the last run derived it, by route (memory only, never written). */
  heads?: Map<string, DerivedHead>;
  /** Fingerprint of the state saveBuildMemory last wrote. */
  savedFingerprint?: string;
  /** Whether a run wrote dist-data/ since saveBuildMemory last wrote the state (see BUNDLE_UNSAVED). */
  bundleUnsaved?: boolean;
  /** llms-full.txt as the last run made it, for saveBuildMemory to write into the bundle (see writeSiteFiles in stages/records.ts). */
  llmsFullUnwritten?: readonly Buffer[];
  /**
   * What the last run that wrote dist-data/ left there: its files, each page's section of
   * llms-full.txt, and the site-wide files (site.json, routes.json, sidebars…) by name (memory
   * only).
   */
  bundle?: Bundle & { llmsChunks: ReadonlyMap<string, LlmsChunk>; siteFiles: Map<string, string> };
  /** What the last run found in content/, for the next one to update (memory only). */
  discovered?: Discovered;
  /** Per language, what building its search index again can reuse (memory only). */
  searchIndexes: Partial<Record<Lang, SearchIndexMemo>>;
  /** Site-wide steps' last results, by step (see recall; memory only). */
  recalled: Map<string, { key: string; value: unknown; diagnostics: Diagnostic[] }>;
  /** Per-page values of the site-wide outputs, by the objects kept from run to run (memory only). */
  derived: DerivedMemo;
}

/**
 * What site-wide steps derive from a page's summary or head, or a sidebar entry, by that object:
 * none is ever changed once made, and a dev session keeps those of unchanged pages, so their
 * values are not derived again.
 */
export interface DerivedMemo {
  /** What links to the page may point at: its heading ids. */
  linkTargets: WeakMap<PageSummary, { ids: Set<string> }>;
  sitemapEntries: SitemapMemo;
  llmsLines: LlmsLineMemo;
  /** Where a page's hover texts link, with the pages they were resolved against (see linkHovers in stages/derive.ts). */
  hoverLinks: WeakMap<PageSummary, LinkedHovers>;
  /** A translation's drift from its twin, by its skeleton (translations/drift.ts). */
  drift: DriftMemo;
}

/** A page's hover links as resolved, and each route the resolving looked up with the summary it found there. */
export interface LinkedHovers {
  prefix: string;
  looked: ReadonlyMap<string, object | undefined>;
  resolved: ResolvedHovers;
  problems: HoverLinkProblem[];
}

export const emptyDerivedMemo = (): DerivedMemo => ({ linkTargets: new WeakMap(), sitemapEntries: new WeakMap(), llmsLines: new WeakMap(), hoverLinks: new WeakMap(), drift: new WeakMap() });

/** A page's record head with what it was derived from and the hashes of what it leads to. */
export interface DerivedHead {
  /** The page's cache key and the hash of the site-wide facts its head was derived with. */
  key: string;
  facts: string;
  head: RecordHead;
  group: string | null;
  recordHash: string;
  searchHash: string;
  /** The page's entry in routes.json (`data`: where its record goes), and where its markdown twin goes. */
  entry: RouteEntry;
  twinPath: string;
  /** Whether the page's markdown opens with its own first-level heading (its twin then adds no title). */
  hasH1: boolean;
  /** Where its hover texts link, and our sentences on their names (hovers/hover-links.ts); part of the record's hash. */
  hovers?: ResolvedHovers;
}

export const emptyMemory = (): BuildMemory => ({ state: null, search: {}, bases: {}, unsaved: null, searchIndexes: {}, recalled: new Map(), derived: emptyDerivedMemo() });

/**
 * A site-wide step's result: computed, or in a dev session whose last run computed it from the
 * same `key` (a string holding every input of the step), the result of then, its problems
 * reported again. Values are shared between runs: nothing may change them.
 */
export function recall<T>(memory: BuildMemory | undefined, step: string, key: string, diagnostics: Diagnostics, compute: (diagnostics: Diagnostics) => T): T {
  const held = memory?.recalled.get(step);
  if (held?.key === key) {
    diagnostics.addAll(held.diagnostics);
    return held.value as T;
  }
  const own = new Diagnostics();
  const value = compute(own);
  diagnostics.addAll(own.items);
  memory?.recalled.set(step, { key, value, diagnostics: own.items });
  return value;
}

/** A run's cache into the caller's memory (`now`), and what changed onto what is still to be written. */
export function remember(memory: BuildMemory, now: CacheContents, changed: CacheContents): void {
  memory.state = now.state;
  Object.assign(memory.search, now.search);
  Object.assign(memory.bases, now.bases);
  const unsaved = (memory.unsaved ??= { state: null, search: {}, bases: {} });
  unsaved.state = changed.state ?? unsaved.state;
  Object.assign(unsaved.search, changed.search);
  Object.assign(unsaved.bases, changed.bases);
}

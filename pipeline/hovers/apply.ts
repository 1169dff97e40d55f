/**
 * The hovers of a compiled page's config samples, put into its body once the hovers stage has
 * answered (stages/hovers.ts): the pages compile while TypeScript is asked about their samples,
 * not after. Each sample's highlighted block gets its names wrapped and its queries' answers
 * (hover-hast.ts), and a sample's type errors are reported at its lines. The page's hover texts
 * are kept beside its body, their links to our pages (and, on a Chinese page, our sentences on
 * the names) left open: they depend on other pages' headings, and are filled in when the record
 * is written (hovers/hover-links.ts, stages/records.ts). The body's text is unchanged, so its
 * search sections are too.
 */
import type { Element } from 'hast';
import type { CompiledPage } from '../compile/compile-page.ts';
import { compactHast } from '../compile/compact.ts';
import { Diagnostics } from '../diagnostics.ts';
import { hoverIndex, hoverTemplate, newHoverTable, withHovers, type HoverMaking } from './hover-hast.ts';
import type { HoverInfo, SampleHovers } from './quick-info.ts';
import { sampleTypeMessage, splitQueries } from './sample.ts';
import type { PageSample } from '../compile/highlight.ts';
import type { PageSummary } from '../types.ts';

/**
 * On a page that documents names (its `names`), what its samples say of them, for
 * dist-data/names.json (derive/names-file.ts): each answered sample with the heading it stands
 * under and the names it links to, and each name's declaration as the samples show it (of several,
 * the first in JSON order, so that the pick depends on the page alone).
 */
function namesShown(samples: readonly PageSample[], bySample: ReadonlyMap<string, SampleHovers>): Pick<PageSummary, 'nameSamples' | 'nameInfos'> {
  const nameSamples: NonNullable<PageSummary['nameSamples']> = [];
  const shown = new Map<string, string[]>();
  for (const sample of samples) {
    const found = bySample.get(sample.key);
    if (!found) continue;
    const targets = [...new Set(found.infos.flatMap((info) => (info.page ? [info.page] : [])))].sort();
    for (const info of found.infos) if (info.page) shown.set(info.page, [...(shown.get(info.page) ?? []), JSON.stringify(info)]);
    nameSamples.push({ section: sample.section ?? null, title: sample.title ?? null, lang: sample.sample.lang, code: splitQueries(sample.sample.code).shown, targets });
  }
  const nameInfos = Object.fromEntries([...shown].sort(([a], [b]) => (a < b ? -1 : 1)).map(([target, infos]) => [target, JSON.parse(infos.sort()[0]!) as HoverInfo]));
  return { nameSamples, nameInfos };
}


/** The page with its samples' hovers, its list of samples dropped. A sample `bySample` has no answer for is left as highlighted. */
export function applyHovers(page: CompiledPage, file: string, bySample: ReadonlyMap<string, SampleHovers>, making: HoverMaking): CompiledPage {
  const { samples, ...compiled } = page;
  if (!samples?.length || compiled.body === null) return compiled;
  const table = newHoverTable();
  const diagnostics = new Diagnostics();
  const sampleBlocks: Array<[string, string]> = [];
  // Each sample's `pre`, with its hovers when it has an answer, as JSON for its code block.
  const pres = new Map<number, string>();
  for (const sample of samples) {
    const found = bySample.get(sample.key);
    if (!found || !sample.pre) {
      pres.set(sample.block, sample.pre ?? '');
      continue;
    }
    for (const problem of found.problems) {
      diagnostics.error(file, { line: sample.line + problem.line - 1, column: problem.column }, sampleTypeMessage(sample.title, problem.message), 'sample-type');
    }
    for (const problem of found.unresolved ?? []) {
      diagnostics.warn(file, { line: sample.line + problem.line - 1, column: problem.column }, `${sample.title ?? 'A file'}: ${problem.message} What it imports shows no type: show that file on the page, name the example project (example="…"), or mark an excerpt check="skip" reason="…"`, 'hover-module');
    }
    // The block as highlighted, before its hovers: the next compile of the page starts from it.
    if (sample.highlighted) sampleBlocks.push([sample.highlighted, sample.pre]);
    const hovered = withHovers(JSON.parse(sample.pre) as Element, found, (info, line, column) => hoverIndex(table, info, making, { line: sample.line + line, column: column + 1 }));
    pres.set(sample.block, JSON.stringify(compactHast({ type: 'root', children: [hovered] }).children[0]));
  }
  const made = hoverTemplate(table);
  return {
    ...compiled,
    body: withPres(compiled.body, pres),
    diagnostics: [...compiled.diagnostics, ...diagnostics.items],
    ...(made && { hovers: { ...made.template, ...(sampleBlocks.length && { blocks: sampleBlocks }) }, hoverTargets: made.targets }),
    ...(compiled.names?.length && namesShown(samples, bySample)),
  };
}

/**
 * A body's JSON with each of these code blocks' `pre` put in (by the block's place among the
 * body's code blocks): compile-page.ts left their children empty. A code block is
 * `{"type":"element","tagName":"code-block","properties":{…},"children":[]}` with flat properties,
 * and no string of the JSON holds `"tagName":"code-block"` unescaped.
 */
function withPres(body: string, pres: ReadonlyMap<number, string>): string {
  const parts: string[] = [];
  let at = 0;
  let block = 0;
  for (let found = body.indexOf(CODE_BLOCK); found >= 0; found = body.indexOf(CODE_BLOCK, found + CODE_BLOCK.length), block++) {
    const pre = pres.get(block);
    if (pre === undefined) continue;
    const children = body.indexOf(EMPTY_CHILDREN, found) + EMPTY_CHILDREN.length - 1;
    parts.push(body.slice(at, children), pre);
    at = children;
  }
  parts.push(body.slice(at));
  return parts.join('');
}

const CODE_BLOCK = '"tagName":"code-block"';
const EMPTY_CHILDREN = '"children":[]';

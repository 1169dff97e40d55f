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
import type { HastRoot } from '../../schemas/hast.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import { compactHast } from '../compile/compact.ts';
import { codeBlocksOf } from '../compile/highlight.ts';
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
function namesShown(body: HastRoot, samples: readonly PageSample[], bySample: ReadonlyMap<string, SampleHovers>): Pick<PageSummary, 'nameSamples' | 'nameInfos'> {
  const sections = sectionOfBlocks(body);
  const nameSamples: NonNullable<PageSummary['nameSamples']> = [];
  const shown = new Map<string, string[]>();
  for (const sample of samples) {
    const found = bySample.get(sample.key);
    if (!found) continue;
    const targets = [...new Set(found.infos.flatMap((info) => (info.page ? [info.page] : [])))].sort();
    for (const info of found.infos) if (info.page) shown.set(info.page, [...(shown.get(info.page) ?? []), JSON.stringify(info)]);
    nameSamples.push({ section: sections[sample.block] ?? null, title: sample.title ?? null, lang: sample.sample.lang, code: splitQueries(sample.sample.code).shown, targets });
  }
  const nameInfos = Object.fromEntries([...shown].sort(([a], [b]) => (a < b ? -1 : 1)).map(([target, infos]) => [target, JSON.parse(infos.sort()[0]!) as HoverInfo]));
  return { nameSamples, nameInfos };
}

/** The id of the heading each code block of the body stands under (in document order), or null before the first. */
function sectionOfBlocks(body: HastRoot): Array<string | null> {
  const sections: Array<string | null> = [];
  let section: string | null = null;
  const visit = (node: HastRoot['children'][number]) => {
    if (node.type !== 'element') return;
    if (/^h[2-6]$/.test(node.tagName)) section = String(node.properties.id ?? '') || section;
    else if (node.tagName === 'code-block') sections.push(section);
    else node.children.forEach(visit);
  };
  body.children.forEach(visit);
  return sections;
}

/** The page with its samples' hovers, its list of samples dropped. A sample `bySample` has no answer for is left as highlighted. */
export function applyHovers(page: CompiledPage, file: string, bySample: ReadonlyMap<string, SampleHovers>, making: HoverMaking): CompiledPage {
  const { samples, ...compiled } = page;
  if (!samples?.length || compiled.body === null) return compiled;
  const body = JSON.parse(compiled.body) as HastRoot;
  const blocks = codeBlocksOf(body);
  const table = newHoverTable();
  const diagnostics = new Diagnostics();
  for (const sample of samples) {
    const found = bySample.get(sample.key);
    const block = blocks[sample.block];
    const pre = block?.children[0];
    if (!found || pre?.type !== 'element') continue;
    for (const problem of found.problems) {
      diagnostics.error(file, { line: sample.line + problem.line - 1, column: problem.column }, sampleTypeMessage(sample.title, problem.message), 'sample-type');
    }
    block!.children = [withHovers(pre, found, (info, line, column) => hoverIndex(table, info, making, { line: sample.line + line, column: column + 1 }))];
  }
  const made = hoverTemplate(table);
  return {
    ...compiled,
    body: JSON.stringify(compactHast(body as never)),
    diagnostics: [...compiled.diagnostics, ...diagnostics.items],
    ...(made && { hovers: made.template, hoverTargets: made.targets }),
    ...(compiled.names?.length && namesShown(body, samples, bySample)),
  };
}

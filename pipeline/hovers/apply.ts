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
import type { SampleHovers } from './quick-info.ts';
import { sampleTypeMessage } from './sample.ts';

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
  };
}

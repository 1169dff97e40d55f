/**
 * The samples of one page source (config samples, files of example projects), found with the pipeline's own markdown parser (as
 * check:samples finds them), so that the hovers stage asks TypeScript about exactly the blocks
 * the highlight stage will show.
 */
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../compile/parse.ts';
import { metaAttributes, sampleOfBlock, type SampleBlock } from './sample.ts';

/** What a page must contain to have a sample at all (a config, a file of an example project): most pages have none and are not parsed again. */
const NAMES_A_SAMPLE = /@rslib\/core|(?:rslib|rstest|rspress)\.config\.|\bexample=/;
/**
 * A fence of a script language without `check="skip"` (after anything that may stand before a
 * fence on its line: indentation, a list marker, a quote's `>`), which every sample has.
 */
const CHECKED_SCRIPT_FENCE = /^[^`~\n]*(?:`{3,}|~{3,})[ \t]*(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|typescript|javascript)\b(?![^\n]*\bcheck=["']?skip\b)/im;

/** Whether a page source may have a config sample: cheap, and never false for a page that has one. */
export const mayHaveSamples = (source: string) => NAMES_A_SAMPLE.test(source) && CHECKED_SCRIPT_FENCE.test(source);

export function samplesOfPage(source: string): SampleBlock[] {
  if (!mayHaveSamples(source)) return [];
  const found: SampleBlock[] = [];
  visit(parseMarkdown(source), 'code', (node: Code) => {
    const meta = metaAttributes(node.meta);
    const sample = sampleOfBlock((node.lang ?? '').toLowerCase(), meta.title, meta.check, node.value, meta.example);
    if (sample) found.push(sample);
  });
  return found;
}

/**
 * The config samples of one page source, found with the pipeline's own markdown parser (as
 * check:samples finds them), so that the hovers stage asks TypeScript about exactly the blocks
 * the highlight stage will show.
 */
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseMarkdown } from '../compile/parse.ts';
import { metaAttributes, sampleOfBlock, type SampleBlock } from './sample.ts';

/** What a page must contain to have a config sample at all: most pages have none and are not parsed again. */
const MAY_HAVE_SAMPLES = /@rslib\/core|(?:rslib|rstest|rspress)\.config\./;

export function samplesOfPage(source: string): SampleBlock[] {
  if (!MAY_HAVE_SAMPLES.test(source)) return [];
  const found: SampleBlock[] = [];
  visit(parseMarkdown(source), 'code', (node: Code) => {
    const meta = metaAttributes(node.meta);
    const sample = sampleOfBlock((node.lang ?? '').toLowerCase(), meta.title, meta.check, node.value);
    if (sample) found.push(sample);
  });
  return found;
}

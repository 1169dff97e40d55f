/**
 * The samples of one page source (config samples, files of example projects), found before the
 * page compiles, so that the hovers stage can ask TypeScript about them while it does. A cheap
 * scan of the source's fenced blocks, not a parse: the highlight stage lists the samples a page
 * really has (compile/highlight.ts), and any this scan misses (in a shared fragment, or written
 * in a way it does not follow) is asked about after the compile (stages/compile.ts), so what it
 * finds only decides how early an answer is there.
 */
import { metaAttributes, sampleOfPageBlock, SCRIPT_LANGS, type PageBlock, type SampleBlock } from './sample.ts';

/** What a page must contain to have a sample at all (a config, a file of an example project, a titled script file): most pages have none and are not scanned. */
const NAMES_A_SAMPLE = /@rslib\/core|(?:rslib|rstest|rspress)\.config\.|\bexample=|\btitle=["']?[\w@./-]+\.[cm]?[jt]sx?\b/;
/**
 * A fence of a script language without `check="skip"` (after anything that may stand before a
 * fence on its line: indentation, a list marker, a quote's `>`), which every sample has.
 */
const CHECKED_SCRIPT_FENCE = new RegExp(String.raw`^[^\`~\n]*(?:\`{3,}|~{3,})[ \t]*(?:${[...SCRIPT_LANGS].join('|')})\b(?![^\n]*\bcheck=["']?skip\b)`, 'im');

/** Whether a page source may have a sample: cheap, and never false for a page that has one. */
export const mayHaveSamples = (source: string) => NAMES_A_SAMPLE.test(source) && CHECKED_SCRIPT_FENCE.test(source);

/** An opening fence: what stands before it on its line (indentation, list markers, `>`), the fence, the info string. */
const OPENING = /^((?:[ \t]*(?:>|[-*+]|\d{1,9}[.)])(?=[ \t]))*[ \t]*)(`{3,}|~{3,})(.*)$/;

/** The fenced blocks of a markdown source, as CommonMark reads the usual ones: [info string, code]. */
export function fencedBlocks(source: string): Array<[info: string, code: string]> {
  const lines = source.split('\n');
  const blocks: Array<[string, string]> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open) continue;
    const [, before, fence, info] = open as unknown as [string, string, string, string];
    if (fence[0] === '`' && info.includes('`')) continue;
    // The block's lines stand where its fence does: in a list item, under the item's text; in a quote, after its `>`.
    const inset = before.replace(/[^>\s]/g, ' ').length;
    const quote = before.includes('>');
    const strip = (line: string) => (quote ? line.replace(/^(?:[ \t]*>[ \t]?)+/, '') : line.slice(Math.min(inset, line.length - line.trimStart().length)));
    const closing = new RegExp(`^[ \\t]{0,3}\\${fence[0]}{${fence.length},}[ \\t]*$`);
    const code: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = strip(lines[j]!);
      if (closing.test(line)) break;
      code.push(line);
    }
    blocks.push([info.trim(), code.join('\n')]);
    i = j;
  }
  return blocks;
}

export function samplesOfPage(source: string): SampleBlock[] {
  if (!mayHaveSamples(source)) return [];
  const found: SampleBlock[] = [];
  const blocks: PageBlock[] = fencedBlocks(source).map(([info, code]) => {
    const lang = /^\S*/.exec(info)![0].toLowerCase();
    const { title, check, example } = metaAttributes(info.slice(lang.length));
    return { lang, title, check, example, code };
  });
  blocks.forEach((_, at) => {
    const sample = sampleOfPageBlock(blocks, at);
    if (sample) found.push(sample);
  });
  return found;
}

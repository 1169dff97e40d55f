/** Worker thread body: a cold build's search index of one language, analyzed as its pages arrive (see search-pool.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { Lang } from '../../schemas/lang.ts';
import { DEFAULT_CJK_MODE } from '../../schemas/search-index.ts';
import type { BuiltSearchIndex, SearchJobMessage } from './search-pool.ts';
import { baseOf, type SearchPage } from '../search/index-patch.ts';
import { searchIndexFileOf, startAnalysis } from '../search/index.ts';
import { emptySearchIndexMemo, layoutSearchIndex, type SearchLayoutOptions } from '../search/layout.ts';

const layout = workerData as SearchLayoutOptions;
const languages = new Map<Lang, { analysis: ReturnType<typeof startAnalysis>; pages: SearchPage[] }>();

parentPort!.on('message', (message: SearchJobMessage) => {
  if (message.type === 'page') {
    let language = languages.get(message.lang);
    if (!language) languages.set(message.lang, (language = { analysis: startAnalysis(DEFAULT_CJK_MODE), pages: [] }));
    language.analysis.add(message.page.records);
    language.pages.push(message.page);
    return;
  }
  const built: Partial<Record<Lang, BuiltSearchIndex>> = {};
  for (const [lang, { analysis, pages }] of languages) {
    // Each language's analysis is let go once packed: the next one's last steps need the room.
    languages.delete(lang);
    const index = analysis.finish();
    // The memo lets the layout take the index as it was packed, not decode the file's.
    const memo = emptySearchIndexMemo();
    const file = searchIndexFileOf(lang, pages.map((page) => page.records), index, {}, memo);
    built[lang] = { files: [...layoutSearchIndex(file, layout, memo)].map(([name, content]) => [name, JSON.stringify(content)]), base: baseOf(pages, index, DEFAULT_CJK_MODE) };
  }
  parentPort!.postMessage(built);
  parentPort!.close();
});

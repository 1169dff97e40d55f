/** Worker thread body: a cold build's search index of one language, analyzed as its pages arrive (see search-pool.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_CJK_MODE } from '../../schemas/search-index.ts';
import type { BuiltSearchIndex, SearchJobMessage, SearchWorkerData } from './search-pool.ts';
import { baseOf, type SearchPage } from '../search/index-patch.ts';
import { searchIndexFileOf, startAnalysis } from '../search/index.ts';
import { emptySearchIndexMemo, layoutSearchIndex } from '../search/layout.ts';

const { lang, layout } = workerData as SearchWorkerData;
const analysis = startAnalysis(DEFAULT_CJK_MODE);
const pages: SearchPage[] = [];

parentPort!.on('message', (message: SearchJobMessage) => {
  if (message.type === 'page') {
    analysis.add(message.page.records);
    pages.push(message.page);
    return;
  }
  parentPort!.postMessage(pages.length > 0 ? built() : null);
  parentPort!.close();
});

function built(): BuiltSearchIndex {
  const index = analysis.finish();
  // The memo lets the layout take the index as it was packed, not decode the file's.
  const memo = emptySearchIndexMemo();
  const file = searchIndexFileOf(lang, pages.map((page) => page.records), index, {}, memo);
  return { files: [...layoutSearchIndex(file, layout, memo)].map(([name, content]) => [name, JSON.stringify(content)]), base: baseOf(pages, index, DEFAULT_CJK_MODE) };
}

/** Worker thread body: a cold build's search index of one language, analyzed as its pages arrive (see search-pool.ts). */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { DEFAULT_CJK_MODE, type PackedIndex } from '../../schemas/search-index.ts';
import type { BuiltSearchIndex, SearchJobMessage, SearchWorkerData } from './search-pool.ts';
import { baseOf, type SearchPage } from '../search/index-patch.ts';
import { searchIndexFileOf, startAnalysis } from '../search/index.ts';
import { emptySearchIndexMemo, layoutSearchIndex } from '../search/layout.ts';

/** The worker's whole life: pages arrive one by one, then the last message asks for the index. */
function serve(port: MessagePort, data: SearchWorkerData): void {
  const analysis = startAnalysis(DEFAULT_CJK_MODE);
  const pages: SearchPage[] = [];
  port.on('message', (message: SearchJobMessage) => {
    if (message.type === 'page') {
      analysis.add(message.page.records);
      pages.push(message.page);
      return;
    }
    port.postMessage(pages.length > 0 ? built(data, analysis.finish(), pages) : null);
    port.close();
  });
}

function built({ lang, layout }: SearchWorkerData, index: PackedIndex, pages: SearchPage[]): BuiltSearchIndex {
  // The memo lets the layout take the index as it was packed, not decode the file's.
  const memo = emptySearchIndexMemo();
  const file = searchIndexFileOf(lang, pages.map((page) => page.records), index, {}, memo);
  return { files: [...layoutSearchIndex(file, layout, memo)].map(([name, content]) => [name, JSON.stringify(content)]), base: baseOf(pages, index, DEFAULT_CJK_MODE) };
}

serve(parentPort!, workerData as SearchWorkerData);

/** Worker thread body: a cold build's search index of one language, analyzed as its pages arrive (see search-pool.ts). */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { DEFAULT_CJK_MODE, type PackedIndex } from '../../schemas/search-index.ts';
import type { BuiltSearchIndex, SearchJobMessage, SearchWorkerData } from './search-pool.ts';
import { baseOf, type SearchPage } from '../search/index-patch.ts';
import { DEFAULT_CONTENT_LIMIT, searchIndexFileOf, startAnalysis, storedRecord } from '../search/index.ts';
import { emptySearchIndexMemo, layoutSearchIndex } from '../search/layout.ts';

/** The worker's whole life: pages arrive one by one, then the last message asks for the index. */
function serve(port: MessagePort, data: SearchWorkerData): void {
  const analysis = startAnalysis(DEFAULT_CJK_MODE);
  const contentLimit = DEFAULT_CONTENT_LIMIT[data.lang];
  const pages: SearchPage[] = [];
  port.on('message', (message: SearchJobMessage) => {
    if (message.type === 'page') {
      const { records } = message.page;
      analysis.add(records);
      // Analyzed, a record is kept only as the file stores it.
      pages.push({ ...message.page, records: records.map((record) => storedRecord(record, contentLimit)) });
      return;
    }
    port.postMessage(pages.length > 0 ? built(data, analysis.finish(), pages, contentLimit) : null);
    port.close();
  });
}

function built({ lang, layout }: SearchWorkerData, index: PackedIndex, pages: SearchPage[], contentLimit: number): BuiltSearchIndex {
  // The memo lets the layout take the index as it was packed, not decode the file's.
  const memo = emptySearchIndexMemo();
  const file = searchIndexFileOf(lang, pages.map((page) => page.records), index, { contentLimit }, memo);
  return { files: [...layoutSearchIndex(file, layout, memo)].map(([name, content]) => [name, JSON.stringify(content)]), base: baseOf(pages, index, DEFAULT_CJK_MODE) };
}

serve(parentPort!, workerData as SearchWorkerData);

/**
 * What search keeps for a page's life, as the lazy part `search` (renderer/app/lazy-parts.ts): the
 * dialog, and one source per setup, so that an index is fetched and parsed once however often
 * the dialog opens. The part cache belongs to the router, so this state lives and dies with it,
 * not with a module.
 */
import { createHostedSource } from './engine/hosted-source.ts';
import { createLocalSource, type ReadJson } from './engine/local-source.ts';
import SearchModal from './SearchModal.tsx';
import type { SearchSetup } from './engine/setup.ts';
import type { SearchSource } from './engine/types.ts';

export type PreloadableSource = SearchSource & { preload?(): void };

export interface SearchSession {
  Modal: typeof SearchModal;
  /** The setup's source, made on first use; `readJson` reads the embedded index's files. */
  source(setup: SearchSetup, readJson: ReadJson): PreloadableSource;
}

export function createSearchSession(): SearchSession {
  const sources = new Map<string, PreloadableSource>();
  const make = (setup: SearchSetup, readJson: ReadJson): PreloadableSource =>
    setup.provider === 'local'
      ? createLocalSource(setup.dataPath, setup.indexName, readJson)
      : createHostedSource({
          appId: setup.appId,
          apiKey: setup.apiKey,
          indexName: setup.indexName,
          lang: setup.lang,
          insights: setup.insights,
          siteOrigin: setup.siteOrigin,
        });
  return {
    Modal: SearchModal,
    source(setup, readJson) {
      const key = JSON.stringify(setup);
      let source = sources.get(key);
      if (!source) sources.set(key, (source = make(setup, readJson)));
      return source;
    },
  };
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../pipeline/search/index.ts';
import { createLocalEngine } from '../../renderer/search/engine/engine.ts';
import { flatten, groupHits } from '../../renderer/search/group.ts';
import { main } from '../../scripts/search-export.ts';
import { enRecords, zhRecords } from '../search/fixtures.ts';

describe('npm run search:export -- --query (issue 55: one engine for every caller)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-export-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = { en: buildSearchIndexFile('en', enRecords), zh: buildSearchIndexFile('zh', zhRecords) };
  const synonyms = { en: [['dts', 'declaration files']], zh: [['dts', '类型声明']] };
  mkdirSync(path.join(dir, 'search'));
  for (const lang of ['en', 'zh'] as const) writeFileSync(path.join(dir, `search/${lang}.json`), JSON.stringify(files[lang]));
  writeFileSync(path.join(dir, 'search/synonyms.json'), JSON.stringify(synonyms));

  it("lists the dialog's hits in the dialog's order, as the engine the dialog loads ranks them", async () => {
    for (const [lang, query] of [
      ['en', 'declaration files'],
      ['en', 'autoExt'],
      ['zh', '模块联'],
    ] as const) {
      const dialog = flatten(groupHits(createLocalEngine(files[lang], undefined, synonyms[lang]).search(query, { limit: 20, snippetWords: 10 }).hits)).map((hit) => hit.url);
      expect(dialog.length).toBeGreaterThan(0);
      const lines = await main(['--query', query, '--data', dir], process.cwd());
      expect(lines.map((line) => line.split('  ')[0])).toEqual(dialog);
    }
  });

  it('says when nothing matches, and refuses another language', async () => {
    expect(await main(['--query', 'zzzzqqq', '--data', dir], process.cwd())).toEqual(['No section matches "zzzzqqq" (en)']);
    await expect(main(['--query', 'x', '--lang', 'fr', '--data', dir], process.cwd())).rejects.toThrow(/en or zh/);
  });
});

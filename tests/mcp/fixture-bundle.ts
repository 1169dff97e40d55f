/**
 * The data bundle the server's tests read: the pipeline's fixture site (tests/pipeline/fixture.ts)
 * with a sidebar of 50 more pages per language (past one page of resources/list), a page long
 * enough to come in parts in each language, and names.json from names-fixture.ts.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { largeSidebarTree, makeFixture } from '../pipeline/fixture.ts';
import { tempDir } from '../temp-dir.ts';
import { namesFixture } from './names-fixture.ts';

/** Characters of each `##` section of the long page: five of them make a page past 20,000. */
const SECTION_CHARACTERS = 6_000;

function longPage(lang: 'en' | 'zh'): string {
  const words = lang === 'en' ? 'Long text about building libraries. ' : '关于构建库的长文本。';
  const parts = Array.from({ length: 5 }, (_, i) => {
    const heading = lang === 'en' ? `## Part ${i} {#part-${i}}` : `## 第 ${i} 部分 {#part-${i}}`;
    const detail = i === 1 ? `\n\n### Detail {#detail-1}\n\n${lang === 'en' ? 'The detail of part one.' : '第一部分的细节。'}\n` : '';
    const fence = i === 0 ? '\n\n```md\n## Not a heading\n```\n' : '';
    return `${heading}\n\n${words.repeat(Math.ceil(SECTION_CHARACTERS / words.length))}${fence}${detail}`;
  });
  return `# ${lang === 'en' ? 'Long page' : '长页面'}\n\n${lang === 'en' ? 'The introduction.' : '简介。'}\n\n${parts.join('\n\n')}\n`;
}

/** Builds the fixture site and returns its dist-data/ folder, names.json added. */
export async function buildFixtureBundle(): Promise<string> {
  const { files, site } = largeSidebarTree(1);
  const fixture = makeFixture({ ...files, 'en/guide/long.md': longPage('en'), 'zh/guide/long.md': longPage('zh') }, site);
  const result = await fixture.build();
  if (!result.ok) throw new Error(`fixture build failed: ${fixture.messages(result).join('\n')}`);
  const dataDir = path.join(fixture.root, 'dist-data');
  writeFileSync(path.join(dataDir, 'names.json'), JSON.stringify(namesFixture()));
  return dataDir;
}

/** A copy of a bundle with one file changed (`change` returns null to delete it). */
export function bundleWith(dataDir: string, file: string, change: (text: string) => string | null): string {
  const copy = path.join(tempDir('rslib-docs-bad-bundle-'), 'dist-data');
  cpSync(dataDir, copy, { recursive: true });
  const target = path.join(copy, file);
  const changed = change(readFileSync(target, 'utf8'));
  if (changed === null) rmSync(target);
  else writeFileSync(target, changed);
  return copy;
}

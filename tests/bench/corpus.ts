/**
 * A generated docs corpus of N pages per language, shaped like the real content: headings,
 * prose, tables, callouts, tabs, package-manager tabs, highlighted code and cross-links. It is a
 * valid site (every link resolves, every page has its twin and a sidebar entry).
 * Organised like a large docs site: sections of up to 1,000 pages, each with its own sidebar
 * (`/docs/s<k>/`) of groups of 50 pages, so 10,000 pages make ten sidebars of twenty groups.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WORDS = 'library bundle output format module declaration config plugin entry target syntax external dependency build watch source asset types federation compile'.split(' ');
const ZH = '构建 产物 模块 配置 插件 入口 类型 声明 依赖 格式 输出 打包 语法 资源 联邦 编译'.split(' ');
const GROUP_SIZE = 50;
const SECTION_SIZE = 1000;

const sectionOf = (i: number) => Math.floor(i / SECTION_SIZE);
/** Route of page i, without language prefix. */
const routeOf = (i: number) => `/docs/s${sectionOf(i)}/p${i}`;
/** Source of page i relative to its language folder (what a benchmark edits). */
export const corpusPageFile = (i: number) => `${routeOf(i).slice(1)}.md`;

function sentence(seed: number, zh: boolean): string {
  const words = zh ? ZH : WORDS;
  const n = 8 + (seed % 9);
  const parts = Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 13) % words.length]!);
  return zh ? `${parts.join('')}。` : `${parts.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
}

function page(i: number, count: number, zh: boolean): string {
  const next = (i + 1) % count;
  const prose = (k: number) => Array.from({ length: 3 }, (_, j) => sentence(i * 31 + k * 7 + j, zh)).join(' ');
  return `---
description: ${zh ? `第 ${i} 页的说明` : `Description of page ${i}`}
---
# ${zh ? `页面 ${i}` : `Page ${i}`}

${prose(0)} See [page ${next}](${routeOf(next)}#options).

## Options {#options}

${prose(1)}

| Option | Type | Default |
| --- | --- | --- |
| \`format${i}\` | \`'esm' \\| 'cjs'\` | \`'esm'\` |
| \`bundle${i}\` | \`boolean\` | \`true\` |

\`\`\`ts title="rslib.config.ts" {3}
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm', syntax: 'es2021', id: 'lib${i}' }],
  output: { target: 'node' },
});
\`\`\`

### Details {#details}

${prose(2)}

:::tip
${prose(3)}
:::

::package-manager-tabs{command="install -D @rslib/core"}

## Usage {#usage}

${prose(4)}

::::tabs{groupId="lang"}
:::tab[TypeScript]
\`\`\`ts
export const value${i}: number = ${i};
\`\`\`
:::
:::tab[JavaScript]
\`\`\`js
export const value${i} = ${i};
\`\`\`
:::
::::

#### Notes {#notes}

${prose(5)}
`;
}

/** Write a corpus into `root/content` (replacing any previous one) and return its page count. */
export function writeCorpus(root: string, perLanguage: number): number {
  const content = path.join(root, 'content');
  rmSync(content, { recursive: true, force: true });
  const sections = Math.ceil(perLanguage / SECTION_SIZE);
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  const sidebar = (zh: boolean) =>
    Object.fromEntries(
      range(0, sections).map((s) => {
        const end = Math.min(perLanguage, (s + 1) * SECTION_SIZE);
        const groups = range(s * SECTION_SIZE, end).filter((i) => i % GROUP_SIZE === 0);
        return [
          `/docs/s${s}/`,
          groups.map((first) => ({ text: zh ? `分组 ${first / GROUP_SIZE}` : `Group ${first / GROUP_SIZE}`, items: range(first, Math.min(first + GROUP_SIZE, end)).map(routeOf) })),
        ];
      }),
    );
  const site = {
    title: 'Corpus',
    url: 'https://example.org',
    icon: '/logo.svg',
    locales: [
      { lang: 'en', label: 'English', nav: [{ text: 'Docs', link: routeOf(0) }], sidebar: sidebar(false) },
      { lang: 'zh', label: '简体中文', nav: [{ text: '文档', link: routeOf(0) }], sidebar: sidebar(true) },
    ],
  };
  const write = (rel: string, text: string) => {
    const file = path.join(content, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write('site.json', JSON.stringify(site));
  write('public/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const lang of ['en', 'zh']) {
    write(`${lang}/index.md`, '---\npageType: home\n---\n');
    for (let i = 0; i < perLanguage; i++) write(`${lang}/${corpusPageFile(i)}`, page(i, perLanguage, lang === 'zh'));
  }
  return perLanguage * 2 + 2;
}

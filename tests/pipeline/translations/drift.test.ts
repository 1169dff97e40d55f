/**
 * The translation parity rules on small twins: each kind of difference is one located line at
 * the Chinese file naming the English line, and what is translated (prose, comments, titles and
 * labels written in Chinese, localized links and images) is not a difference.
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics, formatDiagnostic } from '../../../pipeline/diagnostics.ts';
import { stripComments } from '../../../pipeline/translations/comments.ts';
import { checkTranslations } from '../../../pipeline/translations/drift.ts';
import { sameLanguageTarget, skeletonOfSource } from '../../../pipeline/translations/skeleton.ts';

const EN = `---
pageType: doc
outline: false
---

# Output format

Rslib writes [ESM](/guide/basic/output-format#esm) and [CJS](https://rsbuild.rs/config/output/target).

## Install {#install}

::package-manager-tabs{command="install -D @rslib/core"}

:::tip[Good to know]
Prose.
:::

| Option | Default |
| --- | --- |
| \`format\` | \`'esm'\` |
| \`bundle\` | \`true\` |

\`\`\`ts title="rslib.config.ts" {2}
import { defineConfig } from '@rslib/core';
// Build ESM only.
export default defineConfig({ lib: [{ format: 'esm' }] }); // one entry
\`\`\`

## Layout {#layout}

::::tabs{groupId="mode"}
:::tab[rslib.config.ts]
Text.
:::
:::tab[Bundle mode]
Text.
:::
::::

![Diagram](/images/diagram.svg)

::include{file="../shared/esm.md"}
`;

/** The Chinese twin as a careful translator writes it: everything translated that is prose. */
const ZH = `---
pageType: doc
outline: false
title: 输出格式
---

# 输出格式

Rslib 输出 [ESM](/zh/guide/basic/output-format#esm) 和 [CJS](https://rsbuild.rs/zh/config/output/target)。

## 安装 {#install}

::package-manager-tabs{command="install -D @rslib/core"}

:::tip[提示]
说明。
:::

| 配置项 | 默认值 |
| --- | --- |
| \`format\` | \`'esm'\` |
| \`bundle\` | \`true\` |

\`\`\`ts title="rslib.config.ts" {2}
import { defineConfig } from '@rslib/core';
/* 只构建 ESM */
export default defineConfig({ lib: [{ format: 'esm' }] });
\`\`\`

## 结构 {#layout}

::::tabs{groupId="mode"}
:::tab[rslib.config.ts]
文字。
:::
:::tab[bundle 模式]
文字。
:::
::::

![示意图](/images/diagram-zh.svg)

::include{file="../shared/esm.md"}
`;

function drift(en: string, zh: string, extra: Array<{ lang: 'en' | 'zh'; relPath: string; source: string }> = []): string[] {
  const diagnostics = new Diagnostics();
  const files = [{ lang: 'en' as const, relPath: 'guide/page.md', source: en }, { lang: 'zh' as const, relPath: 'guide/page.md', source: zh }, ...extra].map(({ lang, relPath, source }) => {
    const file = `content/${lang}/${relPath}`;
    return { file, lang, relPath, skeleton: skeletonOfSource(file, source) };
  });
  checkTranslations(files, 'en', diagnostics, 'error', () => true);
  return diagnostics.items.map(formatDiagnostic);
}

/** The Chinese twin with one edit: `from` (which must occur once) replaced by `to`. */
function zhWith(from: string, to: string): string {
  expect(ZH.split(from).length, `"${from}" occurs once`).toBe(2);
  return ZH.replace(from, to);
}

const lineOf = (text: string, what: string) => text.slice(0, text.indexOf(what)).split('\n').length;

describe('translation drift', () => {
  it('finds nothing between faithful twins: prose, comments, Chinese labels and titles, localized links and images differ freely', () => {
    expect(drift(EN, ZH)).toEqual([]);
  });

  it('reports a deleted heading at the Chinese page, naming the English one and its line', () => {
    const zh = zhWith('## 结构 {#layout}\n', '');
    expect(drift(EN, zh)).toEqual([`content/zh/guide/page.md:${lineOf(zh, '::::tabs')}:1  error  Missing the English page's ## heading #layout (content/en/guide/page.md:${lineOf(EN, '## Layout')}), before this  [translation-drift]`]);
  });

  it('reports a heading whose id changed', () => {
    const zh = zhWith('{#layout}', '{#structure}');
    expect(drift(EN, zh)).toEqual([`content/zh/guide/page.md:${lineOf(zh, '## 结构')}:1  error  The ## heading #structure differs from the English page's ## heading #layout (content/en/guide/page.md:${lineOf(EN, '## Layout')})  [translation-drift]`]);
  });

  it('reports a changed code line at that line, and passes a change to a comment only', () => {
    const zh = zhWith("lib: [{ format: 'esm' }]", "lib: [{ format: 'cjs' }]");
    const line = lineOf(zh, "format: 'cjs'");
    expect(drift(EN, zh)).toEqual([
      `content/zh/guide/page.md:${lineOf(zh, '```ts')}:1  error  The code block (ts, rslib.config.ts) differs from the English page's (content/en/guide/page.md:${lineOf(EN, '```ts')}), comments aside: its line ${line} against the English line ${lineOf(EN, 'export default')}  [translation-drift]`,
    ]);
    expect(drift(EN, zhWith('/* 只构建 ESM */', '// 这里只构建 ESM 格式'))).toEqual([]);
    expect(drift(EN, zhWith("import { defineConfig } from '@rslib/core';", "import { defineConfig } from '@rslib/core'; // 导入"))).toEqual([]);
  });

  it('reports a code block whose language, metas or file name differ', () => {
    expect(drift(EN, zhWith('```ts title', '```js title'))[0]).toContain('has another language than the English page\'s code block (ts, rslib.config.ts)');
    expect(drift(EN, zhWith('rslib.config.ts" {2}', 'rslib.config.ts" {3}'))[0]).toContain('has other metas ({3}) than the English page\'s code block (ts, rslib.config.ts) ({2}');
    expect(drift(EN, zhWith('title="rslib.config.ts"', 'title="rslib.config.mjs"'))[0]).toContain('has another title than');
  });

  it('reports a deleted table row, a removed callout, an image, tabs and a directive that differ', () => {
    expect(drift(EN, zhWith("| `bundle` | `true` |\n", ''))).toEqual([
      `content/zh/guide/page.md:${lineOf(ZH, '| 配置项')}:1  error  The table of 2 columns and 1 rows differs from the English page's table of 2 columns and 2 rows (content/en/guide/page.md:${lineOf(EN, '| Option')})  [translation-drift]`,
    ]);
    const noCallout = zhWith(':::tip[提示]\n说明。\n:::\n', '');
    expect(drift(EN, noCallout)).toEqual([`content/zh/guide/page.md:${lineOf(noCallout, '| 配置项')}:1  error  Missing the English page's :::tip callout (content/en/guide/page.md:${lineOf(EN, ':::tip')}), before this  [translation-drift]`]);
    expect(drift(EN, zhWith(':::tip[提示]', ':::warning[提示]'))[0]).toContain('The :::warning callout differs from the English page\'s :::tip callout');
    expect(drift(EN, zhWith('diagram-zh.svg', 'other.svg'))[0]).toContain('The image /images/other.svg differs from the English page\'s image /images/diagram.svg');
    expect(drift(EN, zhWith(':::tab[rslib.config.ts]', ':::tab[rslib.config.mjs]'))[0]).toContain('The tabs{groupId="mode"} [rslib.config.mjs, bundle 模式] differs');
    expect(drift(EN, zhWith('command="install -D @rslib/core"', 'command="install @rslib/core"'))[0]).toContain('differs from the English page\'s ::package-manager-tabs{command="install -D @rslib/core"}');
    expect(drift(EN, zhWith('file="../shared/esm.md"', 'file="../shared/cjs.md"'))[0]).toContain('::include{file="../shared/cjs.md"} differs');
  });

  it('reports a link pointed at another page in one line at the link, and a missing link at its section', () => {
    const moved = zhWith('/zh/guide/basic/output-format#esm', '/guide/basic/output-structure');
    expect(drift(EN, moved)).toEqual([
      `content/zh/guide/page.md:${lineOf(moved, 'Rslib 输出')}:10  error  Links to /guide/basic/output-structure where the English page links to /guide/basic/output-format#esm (content/en/guide/page.md:${lineOf(EN, 'Rslib writes')})  [translation-drift]`,
    ]);
    const gone = zhWith('[CJS](https://rsbuild.rs/zh/config/output/target)', 'CJS');
    expect(drift(EN, gone)).toEqual([`content/zh/guide/page.md:${lineOf(gone, '# 输出格式')}:1  error  Missing the English page's link to https://rsbuild.rs/config/output/target (content/en/guide/page.md:${lineOf(EN, 'Rslib writes')})  [translation-drift]`]);
  });

  it('reports frontmatter that is not prose, at its key', () => {
    const zh = zhWith('outline: false', 'outline: true');
    expect(drift(EN, zh)).toEqual([`content/zh/guide/page.md:3:1  error  Frontmatter outline is true where the English page has false (content/en/guide/page.md:3)  [translation-drift]`]);
  });

  it('takes a block after ::translation-differs as differing on purpose, and that block only', () => {
    const marked = zhWith("```ts title", '::translation-differs{reason="示例里的字符串译为中文"}\n\n```ts title').replace("format: 'esm' }] });", "format: 'cjs' }] });");
    expect(drift(EN, marked)).toEqual([]);
    const extraBlock = zhWith('## 结构 {#layout}\n', '::translation-differs{reason="只在中文页面说明"}\n\n```bash\nnpm run build\n```\n\n## 结构 {#layout}\n');
    expect(drift(EN, extraBlock)).toEqual([]);
    const unmarkedExtra = zhWith('## 结构 {#layout}\n', '```bash\nnpm run build\n```\n\n## 结构 {#layout}\n');
    expect(drift(EN, unmarkedExtra)).toEqual([`content/zh/guide/page.md:${lineOf(unmarkedExtra, '```bash')}:1  error  The code block (bash) is not on the English page (content/en/guide/page.md)  [translation-drift]`]);
  });

  it('reports a file without its twin, and compares fragments like pages', () => {
    const lines = drift(EN, ZH, [
      { lang: 'en', relPath: 'shared/esm.md', source: 'See [ESM](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide/Modules).\n' },
      { lang: 'zh', relPath: 'shared/esm.md', source: '见 [ESM](https://developer.mozilla.org/zh-CN/docs/Web/JavaScript/Guide/Modules)。\n' },
      { lang: 'en', relPath: 'guide/new.md', source: '# New\n' },
      { lang: 'zh', relPath: 'guide/only-zh.md', source: '# 新页面\n' },
    ]);
    expect(lines).toEqual(['content/en/guide/new.md:1:1  error  content/en/guide/new.md has no zh twin  [translation-drift]', 'content/zh/guide/only-zh.md:1:1  error  content/zh/guide/only-zh.md has no en twin  [translation-drift]']);
  });
});

describe('what is compared', () => {
  it('takes comments out of code and keeps what stands in strings', () => {
    expect(stripComments("const a = 'https://x'; // note\n/* block\nstill */ b();", 'c')).toBe("const a = 'https://x'; \n\n b();");
    expect(stripComments('echo "# not a comment" a#b # comment', 'hash')).toBe('echo "# not a comment" a#b ');
    expect(stripComments('<p>It\'s</p><!-- 注释 -->', 'markup')).toBe("<p>It's</p>");
  });

  it('takes the language off link targets, ours and other sites\'', () => {
    expect(sameLanguageTarget('/zh/guide/start/')).toBe('/guide/start/');
    expect(sameLanguageTarget('/zh')).toBe('/');
    expect(sameLanguageTarget('/zhong')).toBe('/zhong');
    expect(sameLanguageTarget('https://rstest.rs/zh/')).toBe('https://rstest.rs/');
    expect(sameLanguageTarget('https://rstest.rs')).toBe('https://rstest.rs/');
    expect(sameLanguageTarget('https://developer.mozilla.org/zh-CN/docs/Web')).toBe('https://developer.mozilla.org/docs/Web');
    expect(sameLanguageTarget('https://example.org/zhong/a')).toBe('https://example.org/zhong/a');
  });
});

/**
 * A generated docs corpus of N pages per language, shaped like the real content (issue 37): per
 * page about as many characters, fenced code blocks (with as many lines, in the same languages),
 * tables, callouts, tabs, package-manager tabs, headings, lists, inline code and links as the
 * pages of content/ have on average. content-shape.ts measures both, and the pipeline bench fails
 * when they drift more than 20 % apart: change the rates below when content/ changes shape.
 * Deterministic (page i is a function of i and the count alone), and a valid site: every link
 * resolves (anchors included), every page has its twin and a sidebar entry. Twins share their code
 * blocks, but about one block in nine has its comment translated, as in content/.
 * Organised like a large docs site: sections of up to 1,000 pages, each with its own sidebar
 * (`/docs/s<k>/`) of groups of 50 pages, so 10,000 pages make ten sidebars of twenty groups.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configSample } from './corpus-samples.ts';

const WORDS = (
  'library bundle output format module declaration config plugin entry target syntax external dependency build watch source asset types federation compile ' +
  'package consumer bundler option default value file folder project runtime browser node environment import export chunk shim redirect extension path ' +
  'emits generates resolves keeps reads writes loads turns needs makes sets uses adds runs checks with for from into each when only also the a its every'
).split(' ');
const ZH = '构建 产物 模块 配置 插件 入口 类型 声明 依赖 格式 输出 打包 语法 资源 联邦 编译 项目 默认值 选项 文件 目录 运行时 浏览器 环境 导入 导出 生成 解析 保留 读取 写入 加载 使用 检查 每个 时 的 和 会 在 将'.split(' ');
const GROUP_SIZE = 50;
const SECTION_SIZE = 1000;
/** Heading ids every page has: links between pages point at them. */
const ANCHORS = ['overview', 'options', 'details', 'usage', 'notes', 'examples'];

/**
 * Rates per page (or per block), tuned to content/ as content-shape.ts measures it. A rate r
 * gives page i `floor((i + 1) r) - floor(i r)` of a thing, so every run of pages has r per page.
 */
const RATE = {
  /** Fenced code blocks outside tabs; a :::tabs adds two more. */
  blocks: 5.6,
  tabs: 0.19,
  /** Tables beyond the first. */
  extraTables: 0.45,
  /** Callouts beyond the first. */
  extraCallouts: 0.57,
  /** An optional h3 beyond the seven fixed headings below the title. */
  extraHeadings: 0.55,
};

/**
 * Languages of the code blocks, out of 100 in a row (content/ with the 1.x pages: ts 62 %, js 9.5,
 * text 9, json 8.5, bash 3.5, tsx 2.5, css 1.5, then html, yaml, toml, diff, scss, less, svelte). Block k takes slot (37 k) mod 100, which
 * spreads each language over the blocks.
 */
const LANG_SLOTS: Array<[string, number]> = [['ts', 62], ['js', 10], ['text', 9], ['json', 9], ['bash', 4], ['tsx', 2], ['css', 2], ['html', 1], ['yaml', 1]];
const LANG_OF_SLOT = LANG_SLOTS.flatMap(([lang, n]) => Array<string>(n).fill(lang));

const sectionOf = (i: number) => Math.floor(i / SECTION_SIZE);
/** Route of page i, without language prefix. */
const routeOf = (i: number) => `/docs/s${sectionOf(i)}/p${i}`;
/** Source of page i relative to its language folder (what a benchmark edits). */
export const corpusPageFile = (i: number) => `${routeOf(i).slice(1)}.md`;

/** How many of a thing at rate r page i has (see RATE). */
const share = (i: number, r: number) => Math.floor((i + 1) * r) - Math.floor(i * r);

/** A small deterministic mixer: the same seed gives the same number. */
function mix(seed: number): number {
  let x = (seed ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

interface Writer {
  zh: boolean;
  page: number;
  count: number;
  seed: number;
}

const next = (w: Writer) => mix(w.seed++ * 7919 + w.page * 104729);
const pick = <T>(w: Writer, list: readonly T[]) => list[next(w) % list.length]!;

/** A link to another page's heading (it exists: every page has ANCHORS). */
function pageLink(w: Writer): string {
  const target = (w.page + 1 + (next(w) % 97)) % w.count;
  const anchor = pick(w, ANCHORS);
  return w.zh ? `[页面 ${target} 的说明](${routeOf(target)}#${anchor})` : `[page ${target} ${anchor}](${routeOf(target)}#${anchor})`;
}

const externalLink = (w: Writer) => `[${w.zh ? '参考文档' : 'the reference'}](https://example.org/ref/${pick(w, WORDS)}-${next(w) % 1000})`;

/** One sentence of prose with inline code, and a link when asked. */
function sentence(w: Writer, link: string | null = null): string {
  const n = 7 + (next(w) % 7);
  const words: string[] = [];
  for (let k = 0; k < n; k++) {
    if (k === 2) words.push(`\`${pick(w, WORDS)}${k % 2 ? `.${pick(w, WORDS)}` : ''}\``);
    else words.push(pick(w, w.zh ? ZH : WORDS));
  }
  if (link) words.splice(Math.min(4, words.length), 0, link);
  const text = w.zh ? words.join('') : words.join(' ');
  return w.zh ? `${text}。` : `${text.replace(/^./, (c) => c.toUpperCase())}.`;
}

function paragraph(w: Writer, sentences: number, links = 0): string {
  return Array.from({ length: sentences }, (_, k) => sentence(w, k < links ? pageLink(w) : null)).join(w.zh ? '' : ' ');
}

function list(w: Writer, items: number): string {
  return Array.from({ length: items }, (_, k) => `- **\`${pick(w, WORDS)}\`:** ${sentence(w, k === 0 ? pageLink(w) : null)}`).join('\n');
}

function table(w: Writer, rows: number): string {
  const head = w.zh ? '| 选项 | 类型 | 默认值 | 说明 |' : '| Option | Type | Default | Description |';
  const body = Array.from({ length: rows }, (_, k) => `| \`${pick(w, WORDS)}${w.page}.${k}\` | \`'esm' \\| 'cjs'\` | \`${pick(w, ['true', 'false', "'esm'", 'undefined'])}\` | ${sentence(w)} |`);
  return [head, '| --- | --- | --- | --- |', ...body].join('\n');
}

function callout(w: Writer): string {
  return `:::${pick(w, ['tip', 'note', 'warning', 'info'])}\n${paragraph(w, 2)}\n:::`;
}

/** `n` lines of code in `lang`, unique to the page, with a comment that twins may translate. */
/** n lines of a file a page shows: an import of a package, a comment, and exports that use it. */
function pageFileLines(n: number, id: string, comment: string): string[] {
  const body = Array.from({ length: Math.max(0, n - 2) }, (_, k) => `export const ${WORDS[k % WORDS.length]}${k} = join('${id}', '${WORDS[(k * 3) % WORDS.length]}');`);
  return [`import { join } from 'node:path';`, `// ${comment}`, ...body].slice(0, Math.max(1, n));
}

function codeLines(lang: string, n: number, id: string, comment: string): string[] {
  const line = (k: number): string => {
    switch (lang) {
      case 'json':
        return `  "${WORDS[(k * 7) % WORDS.length]}${k}": "${id}.${k}",`;
      case 'text':
        return `${k % 2 ? '  ' : ''}dist/${WORDS[(k * 5) % WORDS.length]}-${id}.${k % 3 ? 'js' : 'd.ts'}   ${(k * 37) % 90 + 1}.${k % 10} kB`;
      case 'bash':
        return `npx rslib ${k % 2 ? 'build --watch' : 'inspect'} --lib ${id}${k}`;
      case 'css':
        return `.${id}-${k} { color: #${(0x102030 + k * 4111).toString(16)}; margin: ${k}px; }`;
      case 'html':
        return `<div class="${id}-${k}"><span>${WORDS[k % WORDS.length]}</span></div>`;
      case 'yaml':
        return `${WORDS[(k * 3) % WORDS.length]}${k}: ${k % 2 ? 'true' : `'${id}'`}`;
      case 'tsx':
        return k % 3 === 0 ? `export const Part${k}${id} = () => <p className="p${k}">{'${WORDS[k % WORDS.length]}'}</p>;` : `  <Part${k}${id} title="${WORDS[(k * 3) % WORDS.length]}" />`;
      default: // ts, js
        return [
          `  lib: [{ format: 'esm', syntax: 'es2021', id: '${id}${k}' }],`,
          `const ${WORDS[k % WORDS.length]}${k} = await load('${id}', ${k});`,
          `  output: { target: 'node', distPath: './dist/${id}' },`,
          `if (${WORDS[(k * 3) % WORDS.length]}${k} !== undefined) run(${k});`,
        ][k % 4]!;
    }
  };
  const open = lang === 'json' ? ['{'] : lang === 'ts' || lang === 'js' ? [`import { defineConfig } from '@rslib/core';`] : [];
  const close = lang === 'json' ? ['}'] : [];
  const body = Array.from({ length: Math.max(0, n - open.length - close.length - 1) }, (_, k) => line(k));
  const remark = lang === 'json' || lang === 'text' ? [] : [lang === 'css' ? `/* ${comment} */` : lang === 'html' ? `<!-- ${comment} -->` : lang === 'bash' || lang === 'yaml' ? `# ${comment}` : `// ${comment}`];
  return [...open, ...remark, ...body, ...close].slice(0, Math.max(1, n));
}

/** Fenced code block number k of the site (a page's blocks are numbered on from the pages before). */
function codeBlock(w: Writer, k: number): string {
  const lang = LANG_OF_SLOT[(k * 37) % 100]!;
  // 2 to 16 lines (9 on average), commands 1 to 4.
  const n = lang === 'bash' ? 1 + (k % 4) : 2 + ((k * 7) % 15);
  // One block in nine has its comment in the page's language; the others are the same in both.
  const translated = k % 9 === 4;
  const comment = translated && w.zh ? `第 ${k} 个示例` : `example ${k}`;
  // A TypeScript block titled as the config file is a config sample, checked and hovered as
  // content/'s are (corpus-samples.ts): about two distinct ones per page pair.
  if (lang === 'ts' && k % 2 === 0) return `\`\`\`ts title="rslib.config.ts"\n${configSample(k, `b${k}`, Math.max(n, 8), comment).join('\n')}\n\`\`\``;
  // Two in five of the other scripts are files a page shows (titled with their path), whose
  // imports get hovers, as content/'s do: about one a page (content/ has 1.04).
  if ((lang === 'ts' || lang === 'js') && (k % 5 === 1 || k % 5 === 3)) return `\`\`\`${lang} title="src/part${k}.${lang}"\n${pageFileLines(n, `b${k}`, comment).join('\n')}\n\`\`\``;
  // Other generated code is shaped like samples, not a config: type-checked it would fail, so it
  // says so as a writer would.
  const check = lang === 'ts' || lang === 'js' ? ' check="skip" reason="generated"' : '';
  return `\`\`\`${lang}${check}\n${codeLines(lang, n, `b${k}`, comment).join('\n')}\n\`\`\``;
}

function page(i: number, count: number, zh: boolean): string {
  const w: Writer = { zh, page: i, count, seed: 1 };
  const blocks = share(i, RATE.blocks);
  const tabs = share(i, RATE.tabs);
  // Every block before this page's, tab blocks included: this page's are numbered on from there.
  let k = Math.floor(i * RATE.blocks) + 2 * Math.floor(i * RATE.tabs);
  const code = () => codeBlock(w, k++);
  // Where the page's blocks go, one section after the other.
  const perSection = [0, 0, 0, 0, 0];
  for (let b = 0; b < blocks; b++) perSection[b % perSection.length]!++;
  const codeOf = (s: number) => Array.from({ length: perSection[s]! }, code);
  const h = (level: number, en: string, cn: string, id: string) => `${'#'.repeat(level)} ${zh ? cn : en} {#${id}}`;
  const p = (sentences: number, links = 0) => paragraph(w, sentences, links);
  const parts: string[] = [
    `---\ndescription: ${zh ? `第 ${i} 页的说明，介绍${pick(w, ZH)}和${pick(w, ZH)}` : `Description of page ${i}, about the ${pick(w, WORDS)} and ${pick(w, WORDS)} options`}\n---`,
    `# ${zh ? `页面 ${i}` : `Page ${i}`}`,
    p(3, 1),
    `${p(2)} ${externalLink(w)}.`,
    h(2, 'Overview', '概览', 'overview'),
    p(3, 1),
    list(w, 4),
    ...codeOf(0),
    p(2),
    h(2, 'Options', '选项', 'options'),
    p(2, 1),
    table(w, 6),
    ...codeOf(1),
    callout(w),
    h(3, 'Details', '细节', 'details'),
    p(3),
    `${p(2)} ${externalLink(w)}.`,
    ...codeOf(2),
  ];
  if (share(i, RATE.extraTables)) parts.push(p(1), table(w, 3));
  if (share(i, RATE.extraCallouts)) parts.push(callout(w));
  parts.push(h(2, 'Usage', '用法', 'usage'), p(2, 1), `::package-manager-tabs{command="install -D @rslib/core"}`, p(2));
  if (tabs) parts.push(`::::tabs{groupId="lang"}\n:::tab[TypeScript]\n${code()}\n:::\n:::tab[JavaScript]\n${code()}\n:::\n::::`);
  parts.push(...codeOf(3), list(w, 4), h(3, 'Notes', '说明', 'notes'), p(3, 1), `${p(1)} ${externalLink(w)}.`);
  if (share(i, RATE.extraHeadings)) parts.push(h(3, 'Caveats', '注意事项', `caveats`), p(2));
  parts.push(h(2, 'Examples', '示例', 'examples'), p(2, 1), ...codeOf(4), list(w, 3), h(3, 'Next steps', '下一步', 'next-steps'), `${p(2, 1)} ${externalLink(w)}.`);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The pages that document the names the config samples use, as a site with samples has them
 * (issue 56): a page per lib option and Rsbuild key, titled with its name, a heading per nested
 * name (`dts.bundle`), the config overview, the Rsbuild overview and the core API page. The
 * samples' hovers link to them, and a hover link to a page the site lacks fails the build.
 * Each: route, title, the names of its headings.
 */
const REFERENCE_PAGES: ReadonlyArray<[route: string, title: string, names: string[]]> = [
  ['/config/', 'Config overview', []],
  ...(
    [
      ['format', []],
      ['syntax', []],
      ['dts', ['Default value', 'dts.bundle', 'dts.distPath', 'dts.autoExtension']],
      ['bundle', []],
      ['auto-extension', []],
      ['auto-external', ['autoExternal.devDependencies']],
      ['banner', ['banner.js']],
      ['footer', ['footer.js']],
      ['shims', ['shims.esm', 'shims.esm.__dirname']],
      ['redirect', ['redirect.js', 'redirect.js.extension']],
      ['external-helpers', []],
      ['id', []],
      ['out-base', []],
      ['umd-name', []],
    ] as const
  ).map(([key, names]): [string, string, string[]] => [`/config/lib/${key}`, `lib.${key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`, [...names]]),
  ['/config/rsbuild/', 'Rsbuild configurations', []],
  ['/config/rsbuild/output', 'output', ['output.target', 'output.distPath', 'output.minify', 'output.sourceMap']],
  ['/config/rsbuild/source', 'source', ['source.entry']],
  ['/config/rsbuild/resolve', 'resolve', ['resolve.alias']],
  ['/config/rsbuild/log-level', 'logLevel', []],
  ['/config/rsbuild/plugins', 'plugins', []],
  ['/api/javascript-api/core', 'Core API', ['defineConfig']],
  ['/api/javascript-api/types', 'Types', []],
];

/** The types the samples name, as the types page lists them: a table row each (its anchor is the type's, markdown/name-rows.ts). */
const TYPES_TABLE = ['| Type | Description |', '| --- | --- |', '| `LibConfig` | One item of the `lib` array. |', '| `RslibConfig` | The whole config. |'].join('\n');

/** Reference page `r` of REFERENCE_PAGES: its title, and for each of its names a heading, prose and a sample naming it. */
function referencePage(r: number, count: number, zh: boolean): string {
  const [route, title, names] = REFERENCE_PAGES[r]!;
  const w: Writer = { zh, page: count + r, count, seed: 1 };
  // Their samples are numbered after every page's blocks.
  let k = Math.floor(count * RATE.blocks) + 2 * Math.floor(count * RATE.tabs) + r * 8;
  const sample = () => `\`\`\`ts title="rslib.config.ts"\n${configSample(k, `r${k++}`, 12, zh && k % 9 === 4 ? `第 ${k} 个示例` : `example ${k}`).join('\n')}\n\`\`\``;
  const parts = [`# ${title}`, paragraph(w, 3, 1), route.endsWith('/types') ? TYPES_TABLE : sample(), paragraph(w, 2)];
  for (const name of names) parts.push(`## ${name} {#${name.toLowerCase().replace(/\./g, '').replace(/ /g, '-')}}`, paragraph(w, 2, 1), sample(), paragraph(w, 2));
  return `${parts.join('\n\n')}\n`;
}

/** The markdown of page i of a corpus of `perLanguage` pages per language (what writeCorpus writes). */
export function corpusPage(i: number, perLanguage: number, lang: 'en' | 'zh'): string {
  return page(i, perLanguage, lang === 'zh');
}

/** Write a corpus into `root/content` (replacing any previous one), the reference pages included, and return its page count. */
export function writeCorpus(root: string, perLanguage: number): number {
  const content = path.join(root, 'content');
  rmSync(content, { recursive: true, force: true });
  const sections = Math.ceil(perLanguage / SECTION_SIZE);
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  const reference = (zh: boolean) => ({ text: zh ? '参考' : 'Reference', items: REFERENCE_PAGES.map(([route]) => route) });
  const sidebar = (zh: boolean) =>
    Object.fromEntries([
      ['/config/', [reference(zh)]],
      ['/api/', [reference(zh)]],
      ...range(0, sections).map((s) => {
        const end = Math.min(perLanguage, (s + 1) * SECTION_SIZE);
        const groups = range(s * SECTION_SIZE, end).filter((i) => i % GROUP_SIZE === 0);
        return [
          `/docs/s${s}/`,
          groups.map((first) => ({ text: zh ? `分组 ${first / GROUP_SIZE}` : `Group ${first / GROUP_SIZE}`, items: range(first, Math.min(first + GROUP_SIZE, end)).map(routeOf) })),
        ];
      }),
    ]);
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
  for (const lang of ['en', 'zh'] as const) {
    write(`${lang}/index.md`, '---\npageType: home\n---\n');
    for (let i = 0; i < perLanguage; i++) write(`${lang}/${corpusPageFile(i)}`, corpusPage(i, perLanguage, lang));
    REFERENCE_PAGES.forEach(([route], r) => write(`${lang}${route.endsWith('/') ? `${route}index` : route}.md`, referencePage(r, perLanguage, lang === 'zh')));
  }
  return (perLanguage + REFERENCE_PAGES.length) * 2 + 2;
}

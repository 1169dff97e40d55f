/**
 * Small content trees for pipeline tests: written to a fresh temp folder (outside any git
 * checkout, removed after the test file), built with the real pipeline, and read back.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../pipeline/build.ts';
import { createHighlighter, type Highlighter } from '../../pipeline/compile/highlight.ts';
import { formatDiagnostic } from '../../pipeline/diagnostics.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { SiteConfigInput } from '../../schemas/site.ts';
import { tempDir } from '../temp-dir.ts';

export const baseSite = (): SiteConfigInput => ({
  title: 'Fixture',
  description: 'A fixture site',
  url: 'https://example.org',
  icon: '/logo.svg',
  lang: 'en',
  locales: [
    { lang: 'en', label: 'English', nav: [{ text: 'Guide', link: '/guide/', position: 'left' }], sidebar: { '/guide/': [{ text: 'Start', items: ['/guide/', '/guide/a', '/guide/b'] }] } },
    { lang: 'zh', label: '简体中文', nav: [{ text: '指南', link: '/guide/', position: 'left' }], sidebar: { '/guide/': [{ text: '开始', items: ['/guide/', '/guide/a', '/guide/b'] }] } },
  ],
  themeConfig: { editLink: { docRepoBaseUrl: 'https://example.org/repo/docs', text: 'Edit' } },
});

/** A minimal valid tree: home and three guide pages in both languages. */
export const baseFiles = (): Record<string, string> => {
  const files: Record<string, string> = {};
  for (const lang of ['en', 'zh']) {
    files[`${lang}/index.md`] = '---\npageType: home\nhero:\n  name: Fixture\n---\n';
    files[`${lang}/guide/index.md`] = '# Guide\n\nStart here.\n\n## First {#first}\n\nText.\n';
    files[`${lang}/guide/a.md`] = '# Page A\n\nAbout A.\n';
    files[`${lang}/guide/b.md`] = '# Page B\n\nAbout B.\n';
  }
  files['public/logo.svg'] = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  return files;
};

/**
 * The base tree with the pages where readers look for the names of the config samples the tests
 * use (`defineConfig`, `lib`, `lib.format`, `lib.autoExternal`, Rsbuild's keys): a sample's hovers link to them, and a
 * hover link to a page the site lacks fails the build.
 */
export function namePagesTree(): { files: Record<string, string>; site: SiteConfigInput } {
  const files = baseFiles();
  for (const lang of ['en', 'zh']) {
    const zh = lang === 'zh';
    files[`${lang}/config/index.md`] = zh ? '# 配置总览\n\n配置文件导出的对象。\n' : '# Config overview\n\nThe object a config file exports.\n';
    files[`${lang}/config/lib/format.md`] = zh ? '# lib.format\n\n产物的模块格式。还有更多。\n' : '# lib.format\n\nThe module format of the output. More follows.\n';
    files[`${lang}/config/lib/auto-external.md`] = zh
      ? '# lib.autoExternal\n\n哪些依赖保持为外部依赖。\n\n## autoExternal.dependencies {#autoexternaldependencies}\n\n`dependencies` 中的包。\n'
      : '# lib.autoExternal\n\nWhich dependencies stay external.\n\n## autoExternal.dependencies {#autoexternaldependencies}\n\nThe packages of `dependencies`.\n';
    files[`${lang}/config/rsbuild/index.md`] = zh ? '# Rsbuild 配置\n\nRsbuild 的选项。\n' : '# Rsbuild configurations\n\nRsbuild options.\n';
    files[`${lang}/api/javascript-api/core.md`] = zh ? '# 核心\n\n## defineConfig {#define-config}\n\n原样返回传入的配置。\n' : '# Core\n\n## defineConfig {#define-config}\n\nReturns the config it is given.\n';
  }
  const site = baseSite();
  site.locales = site.locales.map((locale) => ({ ...locale, sidebar: { ...locale.sidebar, '/config/': [{ text: 'Config', items: ['/config/', '/config/lib/format', '/config/lib/auto-external', '/config/rsbuild/'] }], '/api/': [{ text: 'API', items: ['/api/javascript-api/core'] }] } }));
  return { files, site };
}

/** Pages per group of largeSidebarTree. */
export const LARGE_GROUP = 50;

/**
 * The base tree plus a /docs/ sidebar of `groups` groups of 50 pages each, between a section
 * header and a divider: past 300 links, a sidebar the pipeline splits into parts.
 */
export function largeSidebarTree(groups: number): { files: Record<string, string>; site: SiteConfigInput } {
  const files = baseFiles();
  for (const lang of ['en', 'zh']) for (let i = 0; i < groups * LARGE_GROUP; i++) files[`${lang}/docs/p${i}.md`] = `# Page ${i}\n\nText of page ${i}.\n`;
  const site = baseSite();
  site.locales = site.locales.map((locale) => {
    const zh = locale.lang === 'zh';
    const docs = [
      { sectionHeaderText: zh ? '参考' : 'Reference' },
      ...Array.from({ length: groups }, (_, g) => ({
        text: `${zh ? '分组' : 'Group'} ${g}`,
        items: Array.from({ length: LARGE_GROUP }, (_, k) => `/docs/p${g * LARGE_GROUP + k}`),
      })),
      { dividerType: 'solid' as const },
    ];
    return { ...locale, sidebar: { ...locale.sidebar, '/docs/': docs } };
  });
  return { files, site };
}

export interface Fixture {
  root: string;
  write(files: Record<string, string>): void;
  build(options?: Pick<BuildOptions, 'force' | 'noCache' | 'memory' | 'searchWorkerFrom' | 'searchSplitFrom' | 'changed' | 'prime' | 'searchLayout' | 'paths' | 'maxWorkers' | 'sourcePerWorker' | 'waitingInMemory' | 'summariesHeld' | 'hoversOldGenerationMb'>): Promise<BuildResult>;
  record(route: string): PageRecord;
  read(rel: string): string;
  exists(rel: string): boolean;
  /** Every file of dist-data/ by path, with its text. */
  snapshot(): Record<string, string>;
  messages(result: BuildResult): string[];
}

let sharedHighlighter: Promise<Highlighter> | undefined;

export function makeFixture(files: Record<string, string> = baseFiles(), site: SiteConfigInput = baseSite()): Fixture {
  const root = tempDir('rslib-docs-');
  const write = (more: Record<string, string>) => {
    for (const [rel, text] of Object.entries(more)) {
      const target = path.join(root, 'content', rel);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  };
  write({ 'site.json': JSON.stringify(site, null, 2), ...files });
  return {
    root,
    write,
    async build(options = {}) {
      sharedHighlighter ??= createHighlighter();
      return build({ root, highlighter: await sharedHighlighter, ...options });
    },
    record(route) {
      const lang = route.startsWith('/zh/') || route === '/zh' ? 'zh' : 'en';
      let rest = lang === 'zh' ? route.slice(3) : route;
      if (rest.endsWith('/')) rest += 'index';
      return JSON.parse(readFileSync(path.join(root, 'dist-data', 'pages', lang, `${rest}.json`), 'utf8')) as PageRecord;
    },
    read: (rel) => readFileSync(path.join(root, 'dist-data', rel), 'utf8'),
    exists: (rel) => existsSync(path.join(root, 'dist-data', rel)),
    snapshot() {
      const out = path.join(root, 'dist-data');
      const files = (readdirSync(out, { recursive: true }) as string[]).filter((rel) => statSync(path.join(out, rel)).isFile());
      return Object.fromEntries(files.map((rel) => [rel.split(path.sep).join('/'), readFileSync(path.join(out, rel), 'utf8')]));
    },
    messages: (result) => result.diagnostics.map(formatDiagnostic),
  };
}

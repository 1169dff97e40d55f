import { describe, expect, it } from 'vitest';
import { namesFileOf, type NamesPage } from '../../../pipeline/derive/names-file.ts';
import { nameSectionsOf } from '../../../pipeline/hovers/name-sections.ts';
import { exportsOf, exportsProbe } from '../../../pipeline/hovers/exports-probe.ts';
import { NamesFile } from '../../../schemas/names.ts';
import type { HastElement, HastRoot } from '../../../schemas/hast.ts';

const el = (tagName: string, properties: Record<string, string>, ...children: Array<HastElement | string>): HastElement => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});
const body = (...children: HastElement[]): HastRoot => ({ type: 'root', children });
const code = (text: string) => el('code', {}, text);

/** lib.dts as our pages write it: a title, a version note, a heading with an id of its own. */
const dtsPage = (zh: boolean) =>
  body(
    el('h1', { id: 'libdts' }, 'lib.dts'),
    el('ul', {}, el('li', {}, 'Type: boolean')),
    el('p', {}, code('dts'), zh ? ' 控制类型声明文件的生成。更多内容。' : ' turns on declaration files. More follows.'),
    el('h2', { id: 'dts-bundle-option' }, 'dts.bundle'),
    el('p', {}, zh ? 'Rslib 1.0 新增。把声明打包成一个文件。' : 'New in Rslib 1.0. Bundles the declarations of each entry into one file, e.g. for a package.'),
    el('h2', { id: 'example' }, 'Example'),
  );

describe('the names a page documents', () => {
  it("reads a config page's title and name-only headings, with the id each has and the first sentence the page gives there", () => {
    expect(nameSectionsOf('/config/lib/dts', dtsPage(false))).toEqual([
      { name: 'lib.dts', id: null, heading: 'lib.dts', summary: '`dts` turns on declaration files.' },
      // A leading version note is skipped; an abbreviation's stop (`e.g.`) ends no sentence.
      { name: 'dts.bundle', id: 'dts-bundle-option', heading: 'dts.bundle', summary: 'Bundles the declarations of each entry into one file, e.g. for a package.' },
    ]);
    expect(nameSectionsOf('/config/lib/dts', dtsPage(true))[1]!.summary).toBe('把声明打包成一个文件。');
    // A guide page documents no names, whatever its headings.
    expect(nameSectionsOf('/guide/advanced/dts', dtsPage(false))).toEqual([]);
  });

  it("reads each flag of a command's table on the CLI page, under the command", () => {
    const cli = body(
      el('h2', { id: 'rslib-build' }, 'rslib build'),
      el('table', {}, el('tbody', {}, el('tr', {}, el('td', {}, code('-w, --watch')), el('td', {}, code('boolean')), el('td', {}, code('false')), el('td', {}, 'Watch mode: rebuild on change.')))),
    );
    expect(nameSectionsOf('/guide/basic/cli', cli)).toEqual([
      { name: 'rslib build', id: 'rslib-build', heading: 'rslib build', summary: '' },
      { name: 'rslib build --watch', id: 'rslib-build', heading: '-w, --watch', summary: 'Watch mode: rebuild on change.', flag: { type: '`boolean`', default: '`false`' } },
    ]);
  });
});

describe('dist-data/names.json', () => {
  it("lists each documented name with its declaration from its page's samples, its place in both languages and those samples", () => {
    const info = { signature: '(property) bundle?: boolean', docs: 'Whether to bundle, see {@link https://example.org/x the guide}.', tags: [['default', '`false`']] as Array<[string, string]> };
    const sample = { section: 'dts-bundle-option', title: 'rslib.config.ts', lang: 'ts', code: 'dts: { bundle: true }', targets: ['/config/lib/dts#dts.bundle'] };
    const pages: NamesPage[] = [
      { route: '/config/lib/dts', lang: 'en', summary: { names: nameSectionsOf('/config/lib/dts', dtsPage(false)), nameSamples: [sample], nameInfos: { '/config/lib/dts#dts.bundle': info } } },
      { route: '/config/lib/dts', lang: 'zh', summary: { names: nameSectionsOf('/config/lib/dts', dtsPage(true)), nameSamples: [sample], nameInfos: {} } },
    ];
    const file = namesFileOf(pages, 'en', '1.0.1');
    expect(NamesFile.safeParse(file).success).toBe(true);
    const bundle = file.names.find((name) => name.name === 'dts.bundle')!;
    expect(bundle).toMatchObject({
      kind: 'lib-option',
      aliases: ['lib.dts.bundle'],
      declaration: '(property) bundle?: boolean',
      summary: 'Whether to bundle, see the guide (https://example.org/x).',
      default: '`false`',
      deprecated: null,
      pages: { en: { url: '/config/lib/dts#dts-bundle-option' }, zh: { url: '/zh/config/lib/dts#dts-bundle-option', summary: '把声明打包成一个文件。' } },
      samples: { en: [{ url: '/config/lib/dts#dts-bundle-option', code: 'dts: { bundle: true }' }], zh: [{ url: '/zh/config/lib/dts#dts-bundle-option' }] },
    });
    // The page's own name, which no sample shows here: listed, its declaration unknown.
    expect(file.names.find((name) => name.name === 'lib.dts')).toMatchObject({ aliases: ['dts'], declaration: null });
  });
});

describe("the probe of @rslib/core's exports", () => {
  it('names every export of a declaration entry, types apart, in one sample of two imports', () => {
    const entry = [
      "export { type RunCLIOptions, runCLI } from './cli/index.js';",
      "export type { AutoExternal, BuildOptions } from './types/index.js';",
      'export declare const version: string;',
      "export type * as Rsbuild from '@rsbuild/core';",
      "export * as rsbuild from '@rsbuild/core';",
    ].join('\n');
    const exports = exportsOf(entry);
    expect(exports).toEqual([
      { name: 'AutoExternal', type: true },
      { name: 'BuildOptions', type: true },
      { name: 'Rsbuild', type: true },
      { name: 'RunCLIOptions', type: true },
      { name: 'rsbuild', type: false },
      { name: 'runCLI', type: false },
      { name: 'version', type: false },
    ]);
    expect(exportsProbe(exports)!.code).toBe("import { rsbuild, runCLI, version } from '@rslib/core';\nimport type { AutoExternal, BuildOptions, Rsbuild, RunCLIOptions } from '@rslib/core';");
    expect(exportsProbe([])).toBeNull();
  });

  it('gives a name no sample of its page shows its declaration, as the probe found it', () => {
    const core = { route: '/api/javascript-api/core', lang: 'en' as const, summary: { names: [{ name: 'loadConfig', id: 'loadconfig', heading: 'loadConfig', summary: 'Loads the config.' }] } };
    const declared = { signature: 'function loadConfig(): Promise<unknown>', docs: '', tags: [] as Array<[string, string]> };
    expect(namesFileOf([core], 'en', '1.0.1').names).toEqual([]);
    expect(namesFileOf([core], 'en', '1.0.1', new Map([['/api/javascript-api/core#loadConfig', declared]])).names[0]).toMatchObject({ name: 'loadConfig', kind: 'export', declaration: 'function loadConfig(): Promise<unknown>' });
  });
});

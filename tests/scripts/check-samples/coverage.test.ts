/**
 * The coverage check of npm run check:samples: every export, instance method, createRslib option,
 * config key and command a package offers must be documented where readers look for it, in both
 * languages. A fixture package (with a fixture @rsbuild/core beside it) and fixture pages show each
 * rule fail on a page that breaks it; the real @rslib/core shows what the check reads from it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSamples, formatProblem } from '../../../scripts/check-samples.ts';
import { readCliSpec } from '../../../scripts/check-samples/cli-help.ts';
import { checkCoverage, expectedNames } from '../../../scripts/check-samples/coverage.ts';
import { tempDir } from '../../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = tempDir('check-coverage-');

function write(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** A package shaped like @rslib/core: re-exports across files and from its Rsbuild, interfaces extending Rsbuild's, Pick, @private members. */
const PACKAGE: Record<string, string> = {
  'node_modules/@rslib/core/package.json': JSON.stringify({ name: '@rslib/core', types: './dist-types/index.d.ts' }),
  'node_modules/@rslib/core/dist-types/index.d.ts': [
    "export { createRslib } from './createRslib.js';",
    "export { defineConfig, loadEnv, type LoadEnvOptions } from './loadConfig.js';",
    "export type { CreateRslibOptions, LibConfig, RslibConfig, RslibInstance } from './types/index.js';",
    'export declare const version: string;',
    "export type * as Rsbuild from '@rsbuild/core';",
  ].join('\n'),
  'node_modules/@rslib/core/dist-types/createRslib.d.ts': "import type { CreateRslibOptions, RslibInstance } from './types/index.js';\nexport declare function createRslib(options?: CreateRslibOptions): Promise<RslibInstance>;\n",
  'node_modules/@rslib/core/dist-types/loadConfig.d.ts': "import type { RslibConfig } from './types/index.js';\nexport declare function defineConfig(config: RslibConfig): RslibConfig;\nexport { loadEnv, type LoadEnvOptions } from '@rsbuild/core';\n",
  'node_modules/@rslib/core/dist-types/types/index.d.ts': "export type * from './config.js';\nexport type * from './rslib.js';\n",
  'node_modules/@rslib/core/dist-types/types/rslib.d.ts': [
    'export type RslibInstance = {',
    '  build(): Promise<void>;',
    '  /** @private */ _internal(): void;',
    '};',
    'export type CreateRslibOptions = { cwd?: string; loadEnv?: boolean };',
  ].join('\n'),
  'node_modules/@rslib/core/dist-types/types/config.d.ts': [
    "import type { EnvironmentConfig, RsbuildConfig } from '@rsbuild/core';",
    'export interface LibConfig extends EnvironmentConfig {',
    '  format?: string;',
    '  umdName?: string;',
    '  output?: { target?: string };',
    '}',
    "export type SharedLibConfig = Pick<LibConfig, 'format'>;",
    'export interface RslibConfig extends RsbuildConfig, SharedLibConfig {',
    '  lib?: LibConfig[];',
    '}',
  ].join('\n'),
  'node_modules/@rsbuild/core/package.json': JSON.stringify({ name: '@rsbuild/core', exports: { '.': { types: './dist/index.d.ts' } } }),
  'node_modules/@rsbuild/core/dist/index.d.ts': [
    'export interface EnvironmentConfig { output?: object; performance?: object }',
    'export interface RsbuildConfig extends EnvironmentConfig {',
    '  logLevel?: string;',
    '  server?: object;',
    '  /** @private */ _privateMeta?: object;',
    '}',
    'export type LoadEnvOptions = { cwd?: string };',
    'export declare function loadEnv(options?: LoadEnvOptions): void;',
  ].join('\n'),
};

/** Pages that document every name of the fixture package, in one language. */
function pages(lang: 'en' | 'zh'): Record<string, string> {
  const na = lang === 'en' ? 'Not applicable: a library build starts no server.' : '不适用：构建库时不会启动服务器。';
  return {
    [`${lang}/api/javascript-api/core.md`]: [
      '# Core', '',
      '## `createRslib`', '', '| Field | Meaning |', '| --- | --- |', '| `cwd` | root |', '| `loadEnv` | load `.env` files |', '',
      '## `defineConfig()`', '', 'Types the config.', '',
      '## `loadEnv` {#load-env}', '', 'Reads `.env` files.', '',
      '## `version`', '', 'The version.', '',
    ].join('\n'),
    [`${lang}/api/javascript-api/instance.md`]: '# Instance\n\n## `rslib.build()`\n\nBuilds.\n',
    [`${lang}/api/javascript-api/types.md`]: ['# Types', '', '| Type | Meaning |', '| --- | --- |', ...['Rsbuild', 'LoadEnvOptions', 'CreateRslibOptions', 'LibConfig', 'RslibConfig', 'RslibInstance'].map((name) => `| \`${name}\` | … |`), ''].join('\n'),
    [`${lang}/config/index.md`]: '# Config\n\n| Key | What |\n| --- | --- |\n| `lib` | outputs |\n',
    [`${lang}/config/lib/format.md`]: '---\ntitle: lib.format\n---\n\n# lib.format\n',
    [`${lang}/config/lib/umd-name.md`]: '# lib.umdName\n',
    [`${lang}/config/rsbuild/output.md`]: '# output\n',
    [`${lang}/config/rsbuild/log-level.md`]: '# logLevel\n',
    [`${lang}/config/rsbuild/index.md`]: ['# Rsbuild', '', '| Option | In a library |', '| --- | --- |', '| `performance` | See [performance](https://rsbuild.rs/config/performance/). |', `| \`server\` | ${na} |`, ''].join('\n'),
    [`${lang}/guide/basic/cli.md`]: '# CLI\n\n## rslib build\n\n## rslib inspect\n\n## `rslib mf-dev`\n',
  };
}

function fixture(name: string, change: (files: Record<string, string>) => void = () => {}) {
  const dir = path.join(work, name);
  const content = { ...pages('en'), ...pages('zh') };
  change(content);
  write(dir, PACKAGE);
  write(path.join(dir, 'content'), content);
  return { contentDir: path.join(dir, 'content'), entry: path.join(dir, 'node_modules/@rslib/core/dist-types/index.d.ts'), dir };
}

const COMMANDS = ['build', 'inspect', 'mf-dev'];
const messages = (problems: Array<{ file: string; line: number; column: number; message: string; rule: string }>, dir: string) =>
  problems.map((problem) => formatProblem({ ...problem, file: path.relative(dir, path.resolve(root, problem.file)) }));

describe('coverage check', () => {
  it('reads every name the package offers, and passes pages that document each one in both languages', () => {
    const { contentDir, entry } = fixture('all');
    const report = checkCoverage(entry, COMMANDS, contentDir, root);
    expect(report.problems).toEqual([]);
    // Exports: createRslib, defineConfig, loadEnv, LoadEnvOptions, 4 types, version, Rsbuild; `_internal` and `_privateMeta` are @private.
    expect(report.counts).toEqual({ exports: 10, 'instance methods': 1, 'CreateRslibOptions fields': 2, 'config keys': 7, commands: 3 });
    expect(report.undocumented).toBe(0);
  });

  it('fails an export whose every mention is deleted from the English page, naming it and where it is declared', () => {
    const { contentDir, entry, dir } = fixture('no-load-env', (files) => {
      files['en/api/javascript-api/core.md'] = files['en/api/javascript-api/core.md']!.replace('| `loadEnv` | load `.env` files |\n', '').replace('## `loadEnv` {#load-env}\n\nReads `.env` files.\n\n', '');
    });
    expect(readFileSync(path.join(contentDir, 'en/api/javascript-api/core.md'), 'utf8')).not.toContain('loadEnv');
    const report = checkCoverage(entry, COMMANDS, contentDir, root);
    expect(messages(report.problems, dir)).toEqual([
      // Declared in the Rsbuild package it is re-exported from (two re-exports followed).
      'node_modules/@rsbuild/core/dist/index.d.ts:8:8  error  `loadEnv` (value exported by @rslib/core) is not documented on /api/javascript-api/core in en (/api/javascript-api/core: no heading or table row of its own names it)  [coverage-undocumented]',
      'node_modules/@rslib/core/dist-types/types/rslib.d.ts:5:50  error  `loadEnv` (field of CreateRslibOptions) is not documented on /api/javascript-api/core in en (/api/javascript-api/core: no heading or table row names it in the section of `createRslib`)  [coverage-undocumented]',
    ]);
    expect(report.undocumented).toBe(2);
  });

  it("counts an entry of its own only: createRslib's `loadEnv` row is not the `loadEnv` export, and a field must be under createRslib", () => {
    const { contentDir, entry, dir } = fixture('own-entry', (files) => {
      // zh: the export's heading names it in plain text only, so the option row is all that names it; the `cwd` row moved under defineConfig.
      files['zh/api/javascript-api/core.md'] = files['zh/api/javascript-api/core.md']!.replace('## `loadEnv` {#load-env}', '## 环境变量').replace('| `cwd` | root |\n', '').replace('Types the config.', '| Field | Meaning |\n| --- | --- |\n| `cwd` | root |');
    });
    const report = checkCoverage(entry, COMMANDS, contentDir, root);
    expect(messages(report.problems, dir).map((line) => line.replace(/ \(\/api.*$/, ''))).toEqual([
      'node_modules/@rsbuild/core/dist/index.d.ts:8:8  error  `loadEnv` (value exported by @rslib/core) is not documented on /api/javascript-api/core in zh',
      'node_modules/@rslib/core/dist-types/types/rslib.d.ts:5:36  error  `cwd` (field of CreateRslibOptions) is not documented on /api/javascript-api/core in zh',
    ]);
  });

  it('holds config keys to their pages, and an Rsbuild option left to the overview to a row that links or says why it does not apply', () => {
    const { contentDir, entry, dir } = fixture('config', (files) => {
      files['en/config/lib/umd-name.md'] = '# UMD name\n'; // the title does not name the key
      delete files['zh/config/rsbuild/log-level.md']; // no page, no row
      files['en/config/rsbuild/index.md'] = files['en/config/rsbuild/index.md']!.replace('Not applicable: a library build starts no server.', 'Not applicable.').replace('See [performance](https://rsbuild.rs/config/performance/).', 'Build speed.');
      files['zh/config/index.md'] = '# 配置\n\n`lib` 是库的列表。\n'; // named, but by no heading or row
      files['zh/guide/basic/cli.md'] = files['zh/guide/basic/cli.md']!.replace('## rslib inspect', '## 查看配置');
    });
    const report = checkCoverage(entry, COMMANDS, contentDir, root);
    expect(messages(report.problems, dir)).toEqual([
      'node_modules/@rslib/core/dist-types/types/config.d.ts:4:3  error  `umdName` (key of LibConfig) is not documented on /config/lib/umd-name in en (/config/lib/umd-name: the page\'s title is not `umdName`)  [coverage-undocumented]',
      'node_modules/@rsbuild/core/dist/index.d.ts:1:55  error  `performance` (key of LibConfig) is not documented on /config/rsbuild/performance or /config/rsbuild/ in en (/config/rsbuild/performance: no such page; /config/rsbuild/: its table row neither links to an explanation nor says why it does not apply)  [coverage-undocumented]',
      'node_modules/@rslib/core/dist-types/types/config.d.ts:9:3  error  `lib` (key of RslibConfig) is not documented on /config/ in zh (/config/: no heading or table row of its own names it)  [coverage-undocumented]',
      'node_modules/@rsbuild/core/dist/index.d.ts:3:3  error  `logLevel` (key of RslibConfig) is not documented on /config/rsbuild/log-level or /config/rsbuild/ in zh (/config/rsbuild/log-level: no such page; /config/rsbuild/: no table row names it)  [coverage-undocumented]',
      'node_modules/@rsbuild/core/dist/index.d.ts:4:3  error  `server` (key of RslibConfig) is not documented on /config/rsbuild/server or /config/rsbuild/ in en (/config/rsbuild/server: no such page; /config/rsbuild/: its table row neither links to an explanation nor says why it does not apply)  [coverage-undocumented]',
      'content/zh/guide/basic/cli.md:1:1  error  `rslib inspect` (command `rslib -h` lists) is not documented on /guide/basic/cli in zh (/guide/basic/cli: no heading or table row of its own names it)  [coverage-undocumented]',
    ]);
  });

  it('stops with the place of a declaration it cannot follow', () => {
    const { contentDir, entry, dir } = fixture('unreadable');
    const rslib = 'node_modules/@rslib/core/dist-types/types/rslib.d.ts';
    write(dir, { [rslib]: PACKAGE[rslib]!.replace('= { cwd?: string; loadEnv?: boolean }', '= Base extends object ? { cwd?: string } : never;\ntype Base = object') });
    const report = checkCoverage(entry, COMMANDS, contentDir, root);
    expect(messages(report.problems, dir)).toEqual(['node_modules/@rslib/core/dist-types/types/rslib.d.ts:5:34  error  A TSConditionalType where members were expected, which this reader does not follow  [coverage-declarations]']);
  });

  it('runs in check:samples on the pages it is given', async () => {
    const { contentDir, entry } = fixture('in-check-samples', (files) => {
      delete files['zh/api/javascript-api/instance.md'];
    });
    mkdirSync(path.join(work, 'no-projects'), { recursive: true });
    const report = await checkSamples({ root, contentDir, projectsDir: path.join(work, 'no-projects'), build: false, packageEntry: entry });
    expect(report.coverage).toEqual({ counts: { exports: 10, 'instance methods': 1, 'CreateRslibOptions fields': 2, 'config keys': 7, commands: 3 }, undocumented: 1 });
    expect(report.problems.map((problem) => [problem.message.replace(/ \(\/api.*$/, ''), problem.rule])).toEqual([['`build` (method of RslibInstance) is not documented on /api/javascript-api/instance in zh', 'coverage-undocumented']]);
    // check:samples reads `rslib -h` (four runs of the CLI) and starts TypeScript: slow on a busy machine.
  }, 120_000);

  it("reads the real @rslib/core: its exports, its instance's methods, createRslib's options, every config key with Rsbuild's, no @private one", () => {
    const entry = path.join(root, 'node_modules/@rslib/core/dist-types/index.d.ts');
    const names = expectedNames(entry, COMMANDS);
    const of = (group: string) => names.filter((name) => name.group === group).map((name) => name.name);
    expect(names.filter((name) => name.group === 'exports' && name.what.startsWith('value')).map((name) => name.name).sort()).toEqual(['createRslib', 'defineConfig', 'loadConfig', 'loadEnv', 'mergeRslibConfig', 'rsbuild', 'rspack', 'runCLI', 'version']);
    expect(of('exports')).toEqual(expect.arrayContaining(['Rsbuild', 'Rspack', 'RsbuildPlugin', 'RslibConfig', 'LibConfig', 'CreateRslibOptions', 'RslibInstance', 'LoadEnvOptions']));
    expect(of('instance methods').sort()).toEqual(['build', 'getRslibConfig', 'inspectConfig', 'onAfterCreateRsbuild', 'startMFDevServer']);
    expect(of('CreateRslibOptions fields').sort()).toEqual(['config', 'cwd', 'loadEnv', 'restart']);
    const keys = of('config keys');
    expect(keys).toEqual(expect.arrayContaining(['lib', 'format', 'id', 'umdName', 'autoExternal', 'experiments', 'wasm', 'output', 'source', 'performance', 'splitChunks', 'logLevel', 'mode', 'root', 'server', 'environments', 'customLogger', 'dev']));
    expect(keys).not.toContain('_privateMeta');
    // `output` is Rsbuild's even where Rslib narrows it; `umdName` is Rslib's own.
    const ways = (key: string) => names.find((name) => name.name === key)!.ways.map((way) => way.route);
    expect(ways('output')).toEqual(['/config/rsbuild/output', '/config/rsbuild/']);
    expect(ways('umdName')).toEqual(['/config/lib/umd-name']);
    expect(ways('lib')).toEqual(['/config/']);
  });

  it('finds every name of the real @rslib/core documented in the real content, in both languages', () => {
    const entry = path.join(root, 'node_modules/@rslib/core/dist-types/index.d.ts');
    const report = checkCoverage(entry, [...readCliSpec(root).commands.keys()], path.join(root, 'content'), root);
    expect(report.problems).toEqual([]);
  }, 120_000);
});

/**
 * npm run check:samples on fixture pages: a sample or command a reader would trip over fails with
 * its page and line; what is right passes. (The real content runs in `npm test` itself.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSamples, formatProblem } from '../../scripts/check-samples.ts';
import { tempDir } from '../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const work = tempDir('check-samples-');

function site(name: string, pages: Record<string, string>, projects: Record<string, Record<string, string>> = {}) {
  const dir = path.join(work, name);
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, 'content', file)), { recursive: true });
    writeFileSync(path.join(dir, 'content', file), text);
  }
  for (const [project, files] of Object.entries(projects)) {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, 'projects', project, file)), { recursive: true });
      writeFileSync(path.join(dir, 'projects', project, file), text);
    }
  }
  return { root, contentDir: path.join(dir, 'content'), projectsDir: path.join(dir, 'projects') };
}

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
const config = (lib: string) => `import { defineConfig } from '@rslib/core';\n\nexport default defineConfig({\n  lib: [${lib}],\n});`;

describe('check:samples', () => {
  it('fails a config sample with a wrong option name at its page and line, and passes a right one', async () => {
    const options = site('types', {
      'en/guide/a.md': `# A\n\nRight:\n\n${fence('ts title="rslib.config.ts"', config("{ format: 'esm' }"))}\nWrong:\n\n${fence('ts title="rslib.config.ts"', config("{ formatt: 'esm' }"))}`,
    });
    const report = await checkSamples({ ...options, build: false });
    expect(report.configSamples).toBe(2);
    expect(report.problems.map(formatProblem)).toEqual([expect.stringMatching(/^content\/en\/guide\/a\.md:19:11  error  Config sample \(rslib\.config\.ts\) does not type-check against @rslib\/core: TS\d+ .*'formatt' does not exist.*\[sample-type\]$/)]);
  });

  it("type-checks the Rstest and Rspress configs a page shows against their installed packages", async () => {
    const rstest = (options: string) => `import { withRslibConfig } from '@rstest/adapter-rslib';\nimport { defineConfig } from '@rstest/core';\n\nexport default defineConfig({\n  extends: withRslibConfig({ ${options} }),\n});`;
    const rspress = (options: string) => `import { defineConfig } from '@rspress/core';\n\nexport default defineConfig({\n  ${options}\n});`;
    const options = site('tools', {
      'en/guide/t.md': `# T\n\n${fence('ts title="rstest.config.ts"', rstest("libId: 'esm'"))}\n${fence('ts title="rstest.config.ts"', rstest("libIdd: 'esm'"))}\n${fence('ts title="rspress.config.ts"', rspress("root: 'docs',"))}\n${fence('ts title="rspress.config.ts"', rspress('root: 1,'))}`,
    });
    const report = await checkSamples({ ...options, build: false });
    expect(report.configSamples).toBe(4);
    expect(report.problems.map((p) => [p.line, p.message.match(/^Config sample \((\w+)\.config\.ts\)/)?.[1]])).toEqual([
      [17, 'rstest'],
      [33, 'rspress'],
    ]);
  });

  it('checks fragments wrapped as a lib entry or as the config, at the fragment\'s own lines', async () => {
    const options = site('fragments', {
      'zh/guide/b.md': `# B\n\n${fence('ts check="lib"', "format: 'esm',\ndts: { bundle: true },")}\n${fence('ts check="config"', "lib: [{ format: 'cjs' }],\noutput: { target: 'nodee' },")}`,
    });
    // A fragment is a config sample only if it is named or uses @rslib/core: name them.
    const named = site('fragments-named', {
      'zh/guide/b.md': `# B\n\n${fence('ts title="rslib.config.ts" check="lib"', "format: 'esm',\ndts: { bundle: true },")}\n${fence('ts title="rslib.config.ts" check="config"', "lib: [{ format: 'cjs' }],\noutput: { target: 'nodee' },")}`,
    });
    const unnamed = await checkSamples({ ...options, build: false });
    expect(unnamed.problems.map((p) => p.rule)).toEqual(['sample-meta', 'sample-meta']);
    const report = await checkSamples({ ...named, build: false });
    expect(report.configSamples).toBe(2);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatchObject({ file: 'content/zh/guide/b.md', line: 10, rule: 'sample-type' });
  });

  it('needs a reason to skip a sample, and rejects an unknown check mode', async () => {
    const options = site('meta', {
      'en/c.md': `# C\n\n${fence('ts title="rslib.config.ts" check="skip"', 'whatever')}\n${fence('ts title="rslib.config.ts" check="skip" reason="a 0.x config"', 'old')}\n${fence('ts title="rslib.config.ts" check="partial"', config('{}'))}`,
    });
    const report = await checkSamples({ ...options, build: false });
    expect(report.skipped).toEqual([{ place: 'content/en/c.md:8', reason: 'a 0.x config' }]);
    expect(report.problems.map((p) => [p.line, p.rule])).toEqual([
      [4, 'sample-meta'],
      [12, 'sample-meta'],
    ]);
    // A file the page shows (read for its hovers, not checked) may be skipped too, with a reason; a caption is no file.
    const files = site('meta-files', {
      'en/e.md': `# E\n\n${fence('js title="dist/index.js" check="skip"', "import { a } from './a.js';")}\n${fence('js title="dist/index.js" check="skip" reason="an excerpt of the output"', "import { a } from './a.js';")}\n${fence('js title="Output (esm)" check="skip" reason="why"', 'export {};')}`,
    });
    const skipped = await checkSamples({ ...files, build: false });
    expect(skipped.problems.map((p) => [p.line, p.rule, p.message.slice(0, 40)])).toEqual([
      [4, 'sample-meta', 'check="skip" needs a reason="…" that say'],
      [12, 'sample-meta', 'check="skip" on a block that is not a co'],
    ]);
  });

  it('checks rslib command lines in shell blocks, package.json scripts and package-manager tabs against rslib -h', async () => {
    const pkg = JSON.stringify({ scripts: { build: 'rslib build --watch', bad: 'rslib build --formatt esm' } }, null, 2);
    const options = site('cli', {
      'en/d.md': `# D\n\n${fence('bash', 'npx rslib build --format cjs --dist-path dist/cjs\nnpx rslib inspect --verbose\nnpx rslib inspect --watch\nnpx rslib publish')}\n${fence('json title="package.json"', pkg)}\n::package-manager-tabs{command="exec rslib -- --no-bundle"}\n`,
    });
    const report = await checkSamples({ ...options, build: false });
    expect(report.commandLines).toBe(7);
    expect(report.problems.map((p) => [p.line, p.message.split(' (')[0]])).toEqual([
      [6, '`--watch` is not an option of `rslib inspect`'],
      [7, '`rslib publish` is not an rslib command'],
      [14, '`--formatt` is not an option of `rslib build`'],
    ]);
  });

  it('fails a CLI reference that leaves out an option rslib -h lists, or a value or default it lists for one, in either language', async () => {
    const { readCliSpec } = await import('../../scripts/check-samples/cli-help.ts');
    const spec = readCliSpec(root);
    const commands = [...spec.commands];
    const withEnvDir = commands.filter(([, options]) => options.has('--env-dir')).map(([command]) => command);
    expect(withEnvDir.length).toBeGreaterThan(0);
    expect(spec.choices.get('--format')?.values).toContain('iife');
    expect(spec.choices.get('--config-loader')?.default).toBe('auto');
    // A table row per option, as the real page has them, with the values and default the help lists.
    const row = (flag: string) => {
      const choice = spec.choices.get(flag);
      return `| \`${flag} <value>\` | ${choice ? choice.values.map((v) => `'${v}'`).join(' \\| ') : ''} | ${choice?.default ? `'${choice.default}'` : ''} |`;
    };
    const rows = (skip: (flag: string) => boolean) => [...new Set(commands.flatMap(([, flags]) => [...flags]))].filter((flag) => !skip(flag)).map(row).join('\n');
    const options = site('cli-page', {
      // Without the format iife.
      'en/guide/basic/cli.md': `# CLI\n\n| Option | Type | Default |\n| --- | --- | --- |\n${rows(() => false).replace(" \\| 'iife'", '')}\n`,
      // Without --env-dir, and without the config loader's default.
      'zh/guide/basic/cli.md': `# 命令行工具\n\n| 选项 | 类型 | 默认值 |\n| --- | --- | --- |\n${rows((flag) => flag === '--env-dir').replace("| 'auto' |", '| |')}\n`,
    });
    const report = await checkSamples({ ...options, build: false, cliPage: 'guide/basic/cli.md' });
    expect(report.problems.map((p) => [p.file.replace(/^.*cli-page\//, ''), p.message, p.rule])).toEqual([
      ['content/en/guide/basic/cli.md', "The row of `--format` lacks 'iife', which `rslib -h` lists", 'cli-undocumented'],
      ...withEnvDir.map((command) => ['content/zh/guide/basic/cli.md', `\`rslib ${command} -h\` lists \`--env-dir\`, which this page never names`, 'cli-undocumented']),
      ['content/zh/guide/basic/cli.md', "The row of `--config-loader` lacks the default 'auto', which `rslib -h` lists", 'cli-undocumented'],
    ]);
  });

  it('ties a page block to its example project: a missing project or a diverged sample fails', async () => {
    const projectConfig = config("{ format: 'esm' }");
    const options = site(
      'examples',
      {
        'en/e.md': `# E\n\n${fence('ts title="rslib.config.ts" example="lib"', projectConfig)}\n${fence('ts title="rslib.config.ts" example="lib"', config("{ format: 'cjs' }"))}\n${fence('ts title="rslib.config.ts" example="nope"', projectConfig)}`,
      },
      { lib: { 'rslib.config.ts': `${projectConfig}\n`, 'expect.json': JSON.stringify({ pages: ['/e', '/gone'], proves: 'fixture' }) } },
    );
    const report = await checkSamples({ ...options, build: false });
    expect(report.problems.map((p) => [p.file.replace(/^.*examples\//, ''), p.line, p.rule])).toEqual([
      ['projects/lib/expect.json', 1, 'sample-example'],
      ['content/en/e.md', 12, 'sample-example'],
      ['content/en/e.md', 20, 'sample-example'],
    ]);
  });

  it("compares a tied block with its project as code: the page's comments are its own, its code is not", async () => {
    const projectConfig = "import { defineConfig } from '@rslib/core';\n\nexport default defineConfig({\n  // the one library\n  lib: [{ format: 'esm' }], // ESM\n  source: { define: { URL: '\"https://example.org\"' } },\n});";
    const translated = projectConfig.replace('// the one library', '// 唯一的库').replace('// ESM', '// 输出 ESM');
    const changedUrl = projectConfig.replace('https://example.org', 'https://example.com');
    const options = site(
      'example-comments',
      { 'zh/e.md': `# E\n\n${fence('ts title="rslib.config.ts" example="lib"', translated)}\n${fence('ts title="rslib.config.ts" example="lib"', changedUrl)}` },
      { lib: { 'rslib.config.ts': `${projectConfig}\n`, 'expect.json': JSON.stringify({ pages: ['/zh/e'], proves: 'fixture' }) } },
    );
    const report = await checkSamples({ ...options, build: false });
    // The translated comments pass; a changed string after `//` in it does not.
    expect(report.problems.map((p) => [p.file.replace(/^.*example-comments\//, ''), p.line, p.rule])).toEqual([['content/zh/e.md', 14, 'sample-example']]);
  });

  it("holds the pages to the package's declarations: each docs link lands on a page and heading, each declared default is on its Default line", async () => {
    const declarations = [
      'export type Options = {',
      "  /**\n   * @defaultValue `'esm'`\n   * @see {@link https://rslib.rs/config/lib/format}\n   */ format?: string;",
      '  /**\n   * @defaultValue `true`\n   * @see {@link https://rslib.rs/config/lib/dts#dtsbuild}\n   */ build?: boolean;',
      '  /**\n   * @defaultValue `{}`\n   * @see {@link https://rslib.rs/config/lib/dts#dtsalias}\n   */ alias?: object;',
      '  /**\n   * @defaultValue `false`\n   * @see {@link https://rslib.rs/config/lib/dts#dtsghost}\n   */ ghost?: boolean;',
      '  /** @see {@link https://rslib.rs/config/lib/gone} */ gone?: boolean;',
      '};',
    ].join('\n');
    const dts = (lang: 'en' | 'zh') => {
      const [type, fallback] = lang === 'en' ? ['**Type:**', '**Default:**'] : ['**类型：**', '**默认值：**'];
      return [
        '# lib.dts', '', `- ${type} \`boolean\``, '',
        '## dts.build {#dtsbuild}', '', `- ${fallback} \`false\``, '',
        '```md', '## dts.ghost {#dtsghost}', '```', '',
        '## dts.alias {#dtsalias}', '', 'No default line here.', '',
      ].join('\n');
    };
    const options = site('package-docs', {
      // Double quotes where the declaration has single ones: the same value.
      'en/config/lib/format.md': '# lib.format\n\n- **Default:** `"esm"`\n',
      'zh/config/lib/format.md': '# lib.format\n\n- **默认值：** `\'esm\'`\n',
      'en/config/lib/dts.md': dts('en'),
      'zh/config/lib/dts.md': dts('zh'),
    });
    mkdirSync(path.join(options.contentDir, '..', 'types'), { recursive: true });
    const declarationsFile = path.join(options.contentDir, '..', 'types', 'config.d.ts');
    writeFileSync(declarationsFile, declarations);
    const report = await checkSamples({ ...options, build: false, declarations: declarationsFile });
    expect(report.packageLinks).toBe(5);
    expect(report.packageDefaults).toBe(4); // format and dts.build, in both languages
    expect(report.problems.map((p) => [p.file.replace(/^.*package-docs\//, ''), p.line, p.rule])).toEqual([
      // The only `{#dtsghost}` is in a code block; /config/lib/gone is no page.
      ['content/en/config/lib/dts.md', 1, 'package-link'],
      ['content/zh/config/lib/dts.md', 1, 'package-link'],
      ['types/config.d.ts', 18, 'package-link'],
      ['types/config.d.ts', 18, 'package-link'],
      // dts.build's default is not `true`; dts.alias has no default line.
      ['content/en/config/lib/dts.md', 7, 'package-default'],
      ['content/zh/config/lib/dts.md', 7, 'package-default'],
      ['content/en/config/lib/dts.md', 13, 'package-default'],
      ['content/zh/config/lib/dts.md', 13, 'package-default'],
    ]);
    expect(report.problems[4]!.message).toMatch(/^The default does not say `true`: @rslib\/core declares `true` \(.*config\.d\.ts:6\)$/);
  });

  it('builds an example project with the real rslib and fails an expectation the output or its log does not meet', async () => {
    const options = site('build', { 'en/f.md': '# F\n' }, {
      esm: {
        'package.json': JSON.stringify({ name: 'esm', version: '1.0.0', type: 'module' }),
        'src/index.ts': 'export const one = 1;\n',
        'rslib.config.ts': config("{ format: 'esm' }"),
        'expect.json': JSON.stringify({ pages: ['/f'], proves: 'fixture', log: ['built in'], logLacks: ['build started'], files: { 'dist/index.js': { contains: ['export {'], lacks: ['one'] }, 'dist/index.cjs': {} } }),
      },
    });
    const report = await checkSamples({ ...options, build: true });
    expect(report.examplesBuilt).toBe(1);
    expect(report.problems.map((p) => p.message)).toEqual(['Example project esm: build output contains "build started"', 'Example project esm: dist/index.js contains "one"', expect.stringMatching(/^Example project esm: dist\/index\.cjs was not written \(wrote: dist\/index\.js\)$/)]);
  });

  it("runs a project's command from node_modules/.bin with its env instead of rslib build, and holds it to the same expectations", async () => {
    const test = (body: string) => `import { expect, test } from '@rstest/core';\nimport { one } from '../src/index';\n\ntest('one', () => {\n  ${body}\n});\n`;
    const library = { 'package.json': JSON.stringify({ name: 'lib', version: '1.0.0', type: 'module' }), 'src/index.ts': 'export const one = 1;\n' };
    const options = site('command', { 'en/g.md': '# G\n' }, {
      passes: { ...library, 'tests/one.test.ts': test('expect(one).toBe(1);'), 'expect.json': JSON.stringify({ pages: ['/g'], proves: 'fixture', command: ['rstest', 'run'], log: ['Tests 1 passed'] }) },
      fails: { ...library, 'tests/one.test.ts': test('expect(one).toBe(2);'), 'expect.json': JSON.stringify({ pages: ['/g'], proves: 'fixture', command: ['rstest', 'run'] }) },
      env: {
        ...library,
        'rslib.config.ts': config("{ format: process.env.LIB_FORMAT === 'cjs' ? 'cjs' : 'esm' }"),
        'expect.json': JSON.stringify({ pages: ['/g'], proves: 'fixture', env: { LIB_FORMAT: 'cjs' }, files: { 'dist/index.cjs': {} } }),
      },
      unknown: { ...library, 'expect.json': JSON.stringify({ pages: ['/g'], proves: 'fixture', command: ['rstestt', 'run'] }) },
      both: { ...library, 'expect.json': JSON.stringify({ pages: ['/g'], proves: 'fixture', command: ['rstest', 'run'], args: ['build'] }) },
    });
    const report = await checkSamples({ ...options, build: true });
    expect(report.examplesBuilt).toBe(5);
    expect(report.problems.map((p) => p.message.split('\n')[0])).toEqual([
      'Example project both: "args" are rslib\'s arguments: with "command", put the arguments in the command',
      'Example project fails: exit code 1, expected 0',
      'Example project unknown: "command" names "rstestt", which is not a binary of node_modules/.bin',
    ]);
  }, 120_000);
});

/**
 * Example projects that run a Node script instead of `rslib` (expect.json `script`): the script
 * runs as a reader would run it, its output and files are held to the same expectations as a
 * build's, and a page block titled with the script's name must be that script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSamples } from '../../../scripts/check-samples.ts';
import { buildExample, readExamples } from '../../../scripts/check-samples/examples.ts';
import { tempDir } from '../../temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = tempDir('check-samples-script-');

function site(name: string, pages: Record<string, string>, projects: Record<string, Record<string, string>>) {
  const dir = path.join(work, name);
  const files = [
    ...Object.entries(pages).map(([file, text]) => [path.join(dir, 'content', file), text]),
    ...Object.entries(projects).flatMap(([project, inside]) => Object.entries(inside).map(([file, text]) => [path.join(dir, 'projects', project, file), text])),
  ];
  for (const [file, text] of files) {
    mkdirSync(path.dirname(file!), { recursive: true });
    writeFileSync(file!, text!);
  }
  return { root, contentDir: path.join(dir, 'content'), projectsDir: path.join(dir, 'projects') };
}

const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
const pkg = (name: string) => JSON.stringify({ name, version: '1.0.0', type: 'module' });

// Builds from code with the real JavaScript API, as the API pages' scripts do.
const buildScript = [
  "import { createRslib } from '@rslib/core';",
  '',
  "const rslib = await createRslib({ config: { lib: [{ format: 'esm' }] } });",
  'const { close } = await rslib.build();',
  'await close();',
  "console.log('built from code');",
].join('\n');

describe('check:samples, example projects run by a script', () => {
  it('runs the script instead of rslib and holds its log, exit code and files to expect.json', async () => {
    const options = site('script', { 'en/api.md': `# API\n\n${fence('js title="build.mjs" example="script-build"', buildScript)}` }, {
      'script-build': {
        'package.json': pkg('script-build'),
        'src/index.ts': 'export const one = 1;\n',
        'build.mjs': `${buildScript}\n`,
        'expect.json': JSON.stringify({
          pages: ['/api'],
          proves: 'fixture',
          script: 'build.mjs',
          log: ['built from code', 'never printed'],
          files: { 'dist/index.js': { contains: ['one'] }, 'dist/index.cjs': {} },
          absent: ['dist/index.js'],
        }),
      },
    });
    const report = await checkSamples({ ...options, build: true });
    expect(report.examplesBuilt).toBe(1);
    // The page's block is the script: no sample-example problem. The build ran (dist/index.js was
    // written by the script's createRslib), and each expectation it breaks is named.
    expect(report.problems.map((p) => [p.rule, p.message])).toEqual([
      ['sample-build', 'Example project script-build: build.mjs output lacks "never printed"'],
      ['sample-build', 'Example project script-build: dist/index.cjs was not written (wrote: dist/index.js)'],
      ['sample-build', 'Example project script-build: dist/index.js was written but must not be'],
    ]);
  });

  it('fails a page block that is no longer the script, and a script whose exit code is not the expected one', async () => {
    const failing = "console.log('about to fail');\nprocess.exitCode = 3;";
    const options = site('script-exit', { 'en/api.md': `# API\n\n${fence('js title="fail.mjs" example="script-exit"', "console.log('changed');")}` }, {
      'script-exit': {
        'package.json': pkg('script-exit'),
        'fail.mjs': `${failing}\n`,
        'expect.json': JSON.stringify({ pages: ['/api'], proves: 'fixture', script: 'fail.mjs', log: ['about to fail'] }),
      },
    });
    const report = await checkSamples({ ...options, build: true });
    expect(report.problems.map((p) => [p.rule, p.message.split('\n')[0]])).toEqual([
      ['sample-example', expect.stringMatching(/^This sample and .*fail\.mjs have diverged/)],
      ['sample-build', 'Example project script-exit: exit code 3, expected 0'],
    ]);
    // The tail of the script's output comes with the exit code, as a failed build's does.
    expect(report.problems[1]!.message).toContain('about to fail');
  });

  it('refuses an expect.json with both a script and rslib arguments, or a script the project lacks', async () => {
    const options = site('script-wrong', {}, {
      'script-both': { 'run.mjs': '', 'expect.json': JSON.stringify({ pages: [], proves: 'fixture', script: 'run.mjs', args: ['build'] }) },
      'script-missing': { 'expect.json': JSON.stringify({ pages: [], proves: 'fixture', script: 'gone.mjs' }) },
    });
    const scratch = path.join(root, '.cache/check-samples');
    const [both, missing] = readExamples(options.projectsDir);
    expect(await buildExample(root, both!, scratch)).toEqual(['expect.json gives both "script" and "args": a project runs either its script or the rslib CLI']);
    expect(await buildExample(root, missing!, scratch)).toEqual(['expect.json names the script gone.mjs, which the project does not have']);
  });

  it('stops a script that never ends (a watch left open) and fails it', async () => {
    const options = site('script-hangs', {}, {
      'script-hangs': { 'watch.mjs': 'setInterval(() => {}, 1000);\n', 'expect.json': JSON.stringify({ pages: [], proves: 'fixture', script: 'watch.mjs' }) },
    });
    const [hangs] = readExamples(options.projectsDir);
    const started = performance.now();
    expect(await buildExample(root, hangs!, path.join(root, '.cache/check-samples'), 1_000)).toEqual(['watch.mjs did not end within 1 s and was stopped']);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

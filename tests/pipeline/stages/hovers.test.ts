import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HastElement } from '../../../schemas/hast.ts';
import { TYPINGS_CACHE } from '../../../pipeline/hovers/language-server.ts';
import { HOVER_WORKER_MIN_PAGES } from '../../../pipeline/stages/hovers.ts';
import { CHECK_MIN } from '../../../pipeline/hovers/batch-check.ts';
import { emptyMemory } from '../../../pipeline/memo/build-memory.ts';
import { saveBuildMemory } from '../../../pipeline/build.ts';
import { makeFixture, namePagesTree } from '../fixture.ts';
import { findAll, text } from '../hast-query.ts';
import { tempDir } from '../../temp-dir.ts';

const PROJECT = path.resolve(import.meta.dirname, '../../..');

/** A config page: a sample naming `format` and `defineConfig`, and one with a `// ^?` query. */
const configPage = (title: string) => `# ${title}

\`\`\`ts title="rslib.config.ts"
import { defineConfig } from '@rslib/core';

export default defineConfig({
  lib: [{ format: 'esm' }],
  output: { target: 'node' },
});
\`\`\`

\`\`\`ts title="rslib.config.ts"
import { defineConfig } from '@rslib/core';
const format = 'cjs' as const;
//    ^?
export default defineConfig({ lib: [{ format }] });
\`\`\`
`;

/** A fixture of these pages, with the pages their samples' names link to. */
const withNamePages = (pages: Record<string, string>) => {
  const { files, site } = namePagesTree();
  return makeFixture({ ...files, ...pages }, site);
};

const hoverOf = (record: { body: { children: unknown[] } }, name: string): HastElement => {
  const table = (record.body.children as HastElement[]).find((child) => child.tagName === 'code-hovers')!;
  const span = findAll(record.body as never, 'span').find((s) => s.properties.dataHover !== undefined && text(s) === name)!;
  return table.children[Number(span.properties.dataHover)] as HastElement;
};

describe('hovers stage', () => {
  it('puts what TypeScript says about each name of a config sample into the record, links in the page language, answers // ^? and reports unknown options where they are', async () => {
    const fixture = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A') });
    const cold = await fixture.build();
    expect(fixture.messages(cold)).toEqual([]);
    // Both languages show the same two samples: TypeScript is asked about them once.
    expect(cold.hovers).toMatchObject({ samples: 2, computed: 2 });

    const en = fixture.record('/guide/a');
    const format = hoverOf(en, 'format');
    expect(text(findAll(format, 'pre')[0]!)).toBe('(property) LibConfig.format?: Format | undefined');
    expect(text(format)).toContain('Output format for the generated JavaScript files.');
    const defaults = findAll(format, 'hover-tag').find((tag) => tag.properties.name === 'default')!;
    expect(text(defaults)).toBe("'esm'");
    expect(findAll(format, 'a').map((a) => a.properties.href)).toContain('/config/lib/format');
    expect(text(findAll(hoverOf(en, 'defineConfig'), 'pre')[0]!)).toContain('RslibConfig');
    // Names without a link of their own link to the page the coverage check says documents them:
    // an export on the core API page (at the id its heading really has), `lib` on the config
    // overview, an Rsbuild key on its page or, as this site has none, the Rsbuild overview.
    const links = (name: string) => findAll(hoverOf(en, name), 'a').map((a) => a.properties.href);
    expect(links('defineConfig')).toEqual(['/api/javascript-api/core#define-config']);
    expect(links('lib')).toEqual(['/config/']);
    expect(links('target')).toEqual(['/config/rsbuild/']);
    expect(findAll(hoverOf(fixture.record('/zh/guide/a'), 'format'), 'a').map((a) => a.properties.href)).toContain('/zh/config/lib/format');

    // Each distinct text once per page: `defineConfig` is hovered four times, stored once.
    const table = (en.body.children as HastElement[]).find((child) => child.tagName === 'code-hovers')!;
    const texts = table.children.map((child) => JSON.stringify(child));
    expect(new Set(texts).size).toBe(texts.length);

    // The query line is gone from the sample; its answer rides on the line it points into.
    const second = findAll(en.body, 'code-block')[1]!;
    expect(text(second)).not.toContain('^?');
    const queried = findAll(second, 'span').find((line) => line.properties.dataQuery !== undefined)!;
    expect(text(queried)).toBe("const format = 'cjs' as const;");
    expect(queried.properties).toMatchObject({ dataQuery: 'const format: "cjs"', style: '--query-column:6' });

    // Neither the markdown twin, llms-full.txt nor the search index carries hover text.
    for (const file of ['markdown/guide/a.md', 'llms-full.txt', 'search/en.json']) expect(fixture.read(file)).not.toContain('Output format for the generated');

    // A one-page edit asks TypeScript about that page's changed sample only.
    fixture.write({ 'en/guide/a.md': `${configPage('Page A')}\n\`\`\`ts title="rslib.config.ts"\nimport { defineConfig } from '@rslib/core';\nexport default defineConfig({ lib: [{ formatt: 'esm' }] });\n\`\`\`\n` });
    const warm = await fixture.build();
    expect(warm.hovers).toMatchObject({ samples: 2 + 1, computed: 1 });
    // The option that does not exist fails the build at its place, as check:samples reports it
    // (the Chinese twin, which lacks the new sample, is a translation-drift warning beside it).
    expect(fixture.messages(warm).filter((line) => line.includes('  error  '))).toEqual([
      expect.stringMatching(/^content\/en\/guide\/a\.md:21:39 {2}error {2}Config sample \(rslib\.config\.ts\) does not type-check against @rslib\/core: TS2\d+ .*'formatt'.* {2}\[sample-type\]$/),
    ]);
  });

  it('runs on a worker thread when many pages may have samples, and puts into the pages what it puts in-process', async () => {
    const single = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A') });
    expect(single.messages(await single.build())).toEqual([]);
    // As many pages with samples as make the stage take a worker.
    const more = Array.from({ length: HOVER_WORKER_MIN_PAGES / 2 - 1 }, (_, i) => [`more/p${i}.md`, configPage(`More ${i}`)]);
    const many = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A'), ...Object.fromEntries(more.flatMap(([file, page]) => [[`en/${file}`, page], [`zh/${file}`, page]])) });
    const built = await many.build();
    // (Its extra pages are in no sidebar: warnings, no error.)
    expect(many.messages(built).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(built.hovers).toMatchObject({ samples: 2, computed: 2 });
    for (const route of ['/guide/a', '/zh/guide/a']) expect(many.record(route).body).toEqual(single.record(route).body);
    // Compiled on workers, each page gets its hovers as its samples' answers come, while the others compile: the same records.
    const onWorkers = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A'), ...Object.fromEntries(more.flatMap(([file, page]) => [[`en/${file}`, page], [`zh/${file}`, page]])) });
    expect(onWorkers.messages(await onWorkers.build({ maxWorkers: 2, sourcePerWorker: 0 })).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(onWorkers.snapshot()).toEqual(many.snapshot());
    // Every waiting page's body set aside on disk until its answers come (as a large site's are): the same records, and nothing left behind.
    const setAside = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A'), ...Object.fromEntries(more.flatMap(([file, page]) => [[`en/${file}`, page], [`zh/${file}`, page]])) });
    expect(setAside.messages(await setAside.build({ maxWorkers: 2, sourcePerWorker: 0, waitingInMemory: 0 })).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(setAside.snapshot()).toEqual(many.snapshot());
    expect(readdirSync(path.join(setAside.root, '.cache', 'pipeline')).filter((name) => name.startsWith('waiting-'))).toEqual([]);
    // A worker out of its heap: the samples it had not answered are asked on this thread, for the same records.
    const outOfMemory = withNamePages({ 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A'), ...Object.fromEntries(more.flatMap(([file, page]) => [[`en/${file}`, page], [`zh/${file}`, page]])) });
    const starved = await outOfMemory.build({ hoversOldGenerationMb: 1 });
    expect(outOfMemory.messages(starved).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(starved.hovers).toMatchObject({ samples: 2, computed: 2 });
    expect(outOfMemory.snapshot()).toEqual(many.snapshot());
  });

  it('reads a file shown from an example project among its other files: its imports of them have hovers', async () => {
    // tests/samples/projects/bundle-one-file, as the page shows it; `format` comes from its src/utils/format.ts.
    const page = (title: string) => `# ${title}\n\n\`\`\`ts title="src/index.ts" example="bundle-one-file"\nimport { format } from './utils/format';\n\nexport { Button } from './button';\nexport const label = (text: string) => format(text);\n\`\`\`\n`;
    const fixture = withNamePages({ 'en/guide/a.md': page('Page A'), 'zh/guide/a.md': page('页面 A') });
    const built = await fixture.build();
    expect(fixture.messages(built)).toEqual([]);
    expect(built.hovers).toMatchObject({ samples: 1, computed: 1 });
    const en = fixture.record('/guide/a');
    expect(text(findAll(hoverOf(en, 'format'), 'pre')[0]!)).toMatch(/^\(alias\) (const|function) format/);
    expect(text(findAll(hoverOf(en, 'label'), 'pre')[0]!)).toBe('const label: (text: string) => string');
  });

  it("reads a file of an example project with the project's own tsconfig.json: a Solid component's JSX is Solid's", async () => {
    const file = 'src/components/Counter.tsx';
    const code = readFileSync(path.join(PROJECT, 'tests/samples/projects/solid-component', file), 'utf8').trimEnd();
    const page = (title: string) => `# ${title}\n\n\`\`\`tsx title="${file}" example="solid-component"\n${code}\n\`\`\`\n`;
    const fixture = withNamePages({ 'en/guide/a.md': page('Page A'), 'zh/guide/a.md': page('页面 A') });
    expect(fixture.messages(await fixture.build())).toEqual([]);
    const en = fixture.record('/guide/a');
    // Solid's JSX (jsxImportSource solid-js in the project's tsconfig), not React's the samples' own project would read it with.
    expect(text(findAll(hoverOf(en, 'onClick'), 'pre')[0]!)).toMatch(/EventHandlerUnion/);
    expect(text(findAll(hoverOf(en, 'Counter'), 'pre')[0]!)).not.toMatch(/React/);
  });

  it('reads a JavaScript file of an example project in the project, so that TypeScript acquires no types: nothing is installed, and nothing is read from a cache outside the repository', async () => {
    // tests/samples/projects/tailwind: its tsconfig.json takes src/ and no JavaScript. Read outside
    // it, TypeScript's server ran `npm install` of @types packages into ~/.cache/typescript.
    const file = 'postcss.config.mjs';
    const code = readFileSync(path.join(PROJECT, 'tests/samples/projects/tailwind', file), 'utf8').trimEnd();
    const page = (title: string) => `# ${title}\n\n\`\`\`js title="${file}" example="tailwind"\n${code}\n\`\`\`\n`;
    const fixture = withNamePages({ 'en/guide/a.md': page('Page A'), 'zh/guide/a.md': page('页面 A') });
    rmSync(path.join(PROJECT, TYPINGS_CACHE), { recursive: true, force: true });
    const built = await fixture.build();
    expect(fixture.messages(built)).toEqual([]);
    expect(built.hovers).toMatchObject({ samples: 1, computed: 1 });
    // The server's type acquisition, had it started, would have made its cache (there, not in the user's home: language-server.ts).
    expect(existsSync(path.join(PROJECT, TYPINGS_CACHE))).toBe(false);
  });

  it("reads any other script file a page shows among the page's other files, with the tsconfig.json it shows: its imports and its own top-level names have hovers, and an import that resolves nowhere is a warning at its line", async () => {
    const tsconfig = '{\n  "compilerOptions": {\n    // the alias the source uses\n    "paths": { "@/*": ["./src/*"] },\n  },\n}';
    const page = (title: string) =>
      `# ${title}\n\n\`\`\`ts title="src/index.ts"\nimport { sum } from '@/math';\nimport { Theme } from './theme';\n\nexport const total = sum(1, 2);\n//           ^?\n\`\`\`\n\n` +
      `\`\`\`ts title="src/math.ts"\nexport const sum = (a: number, b: number): number => a + b;\n\`\`\`\n\n` +
      `\`\`\`json title="tsconfig.json"\n${tsconfig}\n\`\`\`\n\n` +
      `\`\`\`js title="dist/index.js" check="skip" reason="an excerpt"\nimport { sum } from './math.js';\nexport const skipped = sum(1, 2);\n\`\`\`\n`;
    const fixture = withNamePages({ 'en/guide/a.md': page('Page A'), 'zh/guide/a.md': page('页面 A') });
    const built = await fixture.build();
    // The unresolved import, in each language, where the page has it; nothing else to say.
    const line = page('Page A').split('\n').indexOf("import { Theme } from './theme';") + 1;
    expect(fixture.messages(built)).toEqual(
      ['en', 'zh'].map((lang) => expect.stringMatching(new RegExp(`^content/${lang}/guide/a\\.md:${line}:23  warning  src/index\\.ts: Cannot find module './theme'\\. .*\\[hover-module\\]$`))),
    );
    const en = fixture.record('/guide/a');
    // `@/math` is the page's src/math.ts, through the alias of the tsconfig.json the page shows.
    expect(text(findAll(hoverOf(en, 'sum'), 'pre')[0]!)).toBe('(alias) const sum: (a: number, b: number) => number');
    // The names a file imports and those it declares at its top level have hovers where it declares and uses them (`sum`: imported and used in
    // src/index.ts, declared in src/math.ts), but for what the missing module would give; its other names (the parameters `a`, `b`) none.
    const hovered = (name: string) => findAll(en.body as never, 'span').filter((span) => span.properties.dataHover !== undefined && text(span) === name).length;
    expect([hovered('sum'), hovered('total'), hovered('Theme'), hovered('a'), hovered('b')]).toEqual([3, 1, 0, 0, 0]);
    expect(text(findAll(hoverOf(en, 'total'), 'pre')[0]!)).toBe('const total: number');
    // A `// ^?` query is answered as in a config sample.
    const queried = findAll(findAll(en.body as never, 'code-block')[0]!, 'span').find((line) => line.properties.dataQuery !== undefined)!;
    expect(queried.properties).toMatchObject({ dataQuery: 'const total: number' });
    // The file the writer skipped has none.
    expect(hovered('skipped')).toBe(0);
  });

  it("checks many samples with the compiler beside the server's answers: each error where it is, of a sample asked about and of one answered from another", async () => {
    // As many config samples as make the stage check them with the compiler (batch-check.ts), ten a page.
    const sample = (value: string, n: number) => `\`\`\`ts title="rslib.config.ts"\nimport { defineConfig } from '@rslib/core';\n\nexport default defineConfig({ lib: [${value}] }); // ${n}\n\`\`\`\n`;
    const pages: Record<string, string> = {};
    for (let p = 0; p < Math.ceil(CHECK_MIN / 10); p++) {
      const samples = Array.from({ length: 10 }, (_, i) => sample("{ format: 'esm' }", p * 10 + i));
      // The first page: a key no other sample names (its sample is asked about itself), and a value
      // of a key the others name (answered from an earlier sample), both wrong.
      if (p === 0) samples.splice(3, 2, sample("{ formatt: 'esm' }", 3), sample("{ format: 'esmm' }", 4));
      pages[`en/many/p${p}.md`] = `# Many ${p}\n\n${samples.join('\n')}`;
      pages[`zh/many/p${p}.md`] = `# 很多 ${p}\n\n${samples.join('\n')}`;
    }
    const fixture = withNamePages(pages);
    // Written despite its errors (--force), for its records.
    const built = await fixture.build({ force: true });
    expect(built.hovers?.samples).toBeGreaterThanOrEqual(CHECK_MIN);
    // The first sample on the page's third line, each next six lines on (its five and a blank line); the error on its fourth.
    const error = (lang: string, index: number, name: string) =>
      expect.stringMatching(new RegExp(`^content/${lang}/many/p0\\.md:${3 + index * 6 + 3}:\\d+ {2}error {2}Config sample \\(rslib\\.config\\.ts\\) does not type-check against @rslib/core: TS2\\d+ .*\\b${name}\\b.* {2}\\[sample-type\\]$`));
    // Twins share their samples: each error in both languages.
    expect(fixture.messages(built).filter((line) => line.includes('  error  '))).toEqual([error('en', 3, 'formatt'), error('en', 4, 'esmm'), error('zh', 3, 'formatt'), error('zh', 4, 'esmm')]);
    // The others have their hovers as a sample asked about alone has them.
    expect(text(findAll(hoverOf(fixture.record('/many/p1'), 'format'), 'pre')[0]!)).toBe('(property) LibConfig.format?: Format | undefined');
  });

  it('asks, after the compile, about a sample the stage did not find before it: one in a shared fragment', async () => {
    const fragment = "```ts title=\"rslib.config.ts\"\nimport { defineConfig } from '@rslib/core';\n\nexport default defineConfig({ lib: [{ format: 'cjs' }] });\n```\n";
    const page = (title: string) => `# ${title}\n\n::include{file="../shared/format.md"}\n`;
    const fixture = withNamePages({ 'en/shared/format.md': fragment, 'zh/shared/format.md': fragment, 'en/guide/a.md': page('Page A'), 'zh/guide/a.md': page('页面 A') });
    const built = await fixture.build();
    expect(fixture.messages(built)).toEqual([]);
    expect(built.hovers).toMatchObject({ samples: 1, computed: 1 });
    expect(text(findAll(hoverOf(fixture.record('/zh/guide/a'), 'format'), 'pre')[0]!)).toBe('(property) LibConfig.format?: Format | undefined');
  });

  it('gives a sample the pages share to each of them, though the compile lets its answer go once the pages the stage found it in have it: one it did not find it in (a fragment) gets it at the end', async () => {
    // The first sample of configPage, also in a shared fragment, where the stage does not find it before the compile.
    const fragment = `${/```ts[^]*?\n```/.exec(configPage(''))![0]}\n`;
    const pages = {
      'en/shared/sample.md': fragment,
      'zh/shared/sample.md': fragment,
      ...Object.fromEntries(Array.from({ length: HOVER_WORKER_MIN_PAGES }, (_, i) => [`${i % 2 ? 'zh' : 'en'}/more/p${i >> 1}.md`, configPage(`More ${i >> 1}`)])),
      ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`${i % 2 ? 'zh' : 'en'}/more/f${i >> 1}.md`, `# Fragment ${i >> 1}\n\n::include{file="../shared/sample.md"}\n`])),
    };
    const inProcess = withNamePages(pages);
    expect(inProcess.messages(await inProcess.build()).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(text(findAll(hoverOf(inProcess.record('/more/f0'), 'target'), 'pre')[0]!)).toMatch(/target/);
    const onWorkers = withNamePages(pages);
    expect(onWorkers.messages(await onWorkers.build({ maxWorkers: 2, sourcePerWorker: 0 })).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(onWorkers.snapshot()).toEqual(inProcess.snapshot());
  });
});

describe('hover links that hold', () => {
  /** Builds `pages` with the pages their names link to, cold, in a fresh folder: what a warm build must equal. */
  const clean = async (pages: Record<string, string>, options = {}) => {
    const fixture = withNamePages(pages);
    expect(fixture.messages(await fixture.build(options)).filter((line) => line.includes('  error  '))).toEqual([]);
    return fixture.snapshot();
  };
  const linksOf = (record: { body: { children: unknown[] } }, name: string) => findAll(hoverOf(record, name), 'a').map((a) => a.properties.href);

  it('go to the id the heading has now, and a Chinese page shows our sentence on the name; a warm build after a heading, a sample or the declarations changed equals a clean one', async () => {
    const code = tempDir('rslib-docs-code-');
    for (const folder of ['pipeline', 'schemas']) cpSync(path.join(PROJECT, folder), path.join(code, folder), { recursive: true });
    cpSync(path.join(PROJECT, 'package-lock.json'), path.join(code, 'package-lock.json'));
    symlinkSync(path.join(PROJECT, 'node_modules'), path.join(code, 'node_modules'));
    const options = { paths: { code } };
    const pages: Record<string, string> = { 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A') };
    const fixture = withNamePages(pages);
    expect(fixture.messages(await fixture.build(options))).toEqual([]);
    // A dev session too, which keeps each page's resolved links while the pages they lead to stay as they were.
    const dev = withNamePages(pages);
    const memory = emptyMemory();
    expect(dev.messages(await dev.build({ ...options, memory, force: true, prime: true }))).toEqual([]);
    const zh = fixture.record('/zh/guide/a');
    // The first sentence of the Chinese page of `lib.format`; the English page keeps the declaration's JSDoc.
    expect(text(hoverOf(zh, 'format'))).toContain('产物的模块格式。');
    expect(text(hoverOf(zh, 'format'))).not.toContain('还有更多');
    expect(text(hoverOf(fixture.record('/guide/a'), 'format'))).toContain('Output format for the generated JavaScript files.');
    // A name no page of ours documents keeps its JSDoc, in English.
    expect(text(hoverOf(zh, 'output'))).toMatch(/[a-z]{3,} [a-z]{3,}/);
    expect(linksOf(zh, 'defineConfig')).toEqual(['/zh/api/javascript-api/core#define-config']);

    // The heading documenting defineConfig gets another id: every hover linking to it follows, in a warm build.
    const edits: Record<string, string> = {};
    for (const lang of ['en', 'zh']) {
      const file = `${lang}/api/javascript-api/core.md`;
      edits[file] = readFileSync(path.join(fixture.root, 'content', file), 'utf8').replace('{#define-config}', '{#define-config-api}');
    }
    fixture.write(edits);
    expect(fixture.messages(await fixture.build(options))).toEqual([]);
    expect(linksOf(fixture.record('/zh/guide/a'), 'defineConfig')).toEqual(['/zh/api/javascript-api/core#define-config-api']);
    dev.write(edits);
    expect(dev.messages(await dev.build({ ...options, memory, force: true, changed: Object.keys(edits) }))).toEqual([]);
    saveBuildMemory({ root: dev.root }, memory);
    Object.assign(pages, edits);
    const renamed = await clean(pages, options);
    expect(fixture.snapshot()).toEqual(renamed);
    expect(dev.snapshot()).toEqual(renamed);

    // A sample edited.
    pages['en/guide/a.md'] = configPage('Page A').replace("format: 'esm'", "format: 'cjs'");
    fixture.write({ 'en/guide/a.md': pages['en/guide/a.md'] });
    expect(fixture.messages(await fixture.build(options)).filter((line) => line.includes('  error  '))).toEqual([]);
    expect(fixture.snapshot()).toEqual(await clean(pages, options));

    // The declaration packages' lock changed: the pipeline's version with it, every hover asked again.
    const lock = path.join(code, 'package-lock.json');
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/("node_modules\/@rslib\/core": \{\s*"version": ")([^"]+)"/, '$1$2-changed"'));
    const rebuilt = await fixture.build(options);
    expect(rebuilt.hovers).toMatchObject({ computed: 3 });
    expect(fixture.snapshot()).toEqual(await clean(pages, options));
  }, 120_000);

  it("are checked like any link: one to a page the site lacks fails the build at the sample's file and line", async () => {
    const { files, site } = namePagesTree();
    for (const lang of ['en', 'zh']) delete files[`${lang}/config/lib/format.md`];
    site.locales = site.locales.map((locale) => ({ ...locale, sidebar: { ...locale.sidebar, '/config/': [{ text: 'Config', items: ['/config/', '/config/lib/auto-external', '/config/rsbuild/'] }] } }));
    const fixture = makeFixture({ ...files, 'en/guide/a.md': configPage('Page A'), 'zh/guide/a.md': configPage('页面 A') }, site);
    const built = await fixture.build();
    expect(built.ok).toBe(false);
    // At `format` on line 7 of the page, where a hover first links there: its own link and its JSDoc's `@see`, said once.
    expect(fixture.messages(built).filter((line) => line.startsWith('content/en/'))).toEqual(['content/en/guide/a.md:7:11  error  Hover link to /config/lib/format: the site has no such page  [dead-link]']);
  });
});

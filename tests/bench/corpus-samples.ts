/**
 * Config samples for the generated corpus (issue 56): `rslib.config.ts` files drawn from real
 * options and values of @rslib/core 1.x, each distinct (the block's id is in a value), which
 * type-check against the installed package, as content/'s samples do. The pipeline asks
 * TypeScript about every name of them (hovers), and reports their type errors as a page's errors,
 * so the corpus carries the work real pages carry. Deterministic: sample `k` is a function of `k`.
 */

/** Options of a lib item, as a writer sets them: each a function of the block's id. */
const LIB_OPTIONS: ReadonlyArray<(id: string, n: number) => string> = [
  (_, n) => `syntax: '${['es2015', 'es2018', 'es2020', 'es2021', 'esnext'][n % 5]}'`,
  (_, n) => `dts: ${['true', '{ bundle: true }', '{ distPath: \'./dist/types\' }', '{ autoExtension: true }'][n % 4]}`,
  () => 'bundle: false',
  (_, n) => `autoExtension: ${n % 2 ? 'true' : 'false'}`,
  (_, n) => `autoExternal: ${n % 2 ? 'false' : '{ devDependencies: true }'}`,
  (id) => `banner: { js: '/*! ${id} */' }`,
  (id) => `footer: { js: '// end of ${id}' }`,
  (_, n) => `shims: { esm: { __dirname: ${n % 2 ? 'true' : 'false'} } }`,
  (_, n) => `redirect: { js: { extension: ${n % 2 ? 'true' : 'false'} } }`,
  () => 'externalHelpers: true',
  (id) => `id: '${id}'`,
  (id) => `outBase: './src/${id}'`,
];

/** Top-level keys beside `lib`, Rsbuild's and Rslib's. */
const TOP_OPTIONS: ReadonlyArray<(id: string, n: number) => string> = [
  (_, n) => `output: { target: '${['node', 'web', 'web-worker'][n % 3]}' }`,
  (id) => `output: { distPath: { root: './dist/${id}' } }`,
  (_, n) => `output: { minify: ${n % 2 ? 'true' : 'false'}, sourceMap: true }`,
  (id) => `source: { entry: { index: './src/${id}.ts' } }`,
  (id) => `resolve: { alias: { '@${id}': './src' } }`,
  (_, n) => `logLevel: '${['info', 'warn', 'error'][n % 3]}'`,
];

const FORMATS = ['esm', 'cjs', 'umd', 'esm', 'cjs'];

/** A small deterministic mixer (the same as corpus.ts's, for an independent stream). */
function mix(seed: number): number {
  let x = (seed ^ 0x2545f491) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * The lines of config sample `k` (id `id`), about `lines` long (at least 5), with `comment` (the
 * line a translated twin changes) after the imports. Some share a lib item through a typed
 * constant, some add a plugin, as content/'s do.
 */
export function configSample(k: number, id: string, lines: number, comment: string): string[] {
  const r = (salt: number) => mix(k * 31 + salt);
  const plugin = r(1) % 6 === 0;
  const shared = r(2) % 5 === 0;
  const imports = [`import { defineConfig${shared ? ', type LibConfig' : ''} } from '@rslib/core';`, ...(plugin ? [`import { pluginReact } from '@rsbuild/plugin-react';`] : [])];
  const item = (salt: number, count: number) => {
    const options = [`format: '${FORMATS[r(salt) % FORMATS.length]}'`];
    for (let o = 0; o < count; o++) {
      const option = LIB_OPTIONS[r(salt + 1 + o) % LIB_OPTIONS.length]!(id, r(salt + 20 + o));
      const key = option.slice(0, option.indexOf(':'));
      if (!options.some((taken) => taken.startsWith(`${key}:`))) options.push(option);
    }
    return options.join(', ');
  };
  // Lines the frame takes: imports, comment, blank, `export default defineConfig({`, `lib: [`, `],`, `});`.
  const frame = imports.length + 6 + (shared ? 2 : 0) + (plugin ? 1 : 0);
  const room = Math.max(1, lines - frame);
  const items = Math.min(3, Math.max(1, Math.ceil(room / 2)));
  const tops = Math.min(2, Math.max(0, room - items));
  const body = [
    ...imports,
    `// ${comment}`,
    ...(shared ? [`const shared: LibConfig = { ${item(40, 1)} };`, ''] : ['']),
    'export default defineConfig({',
    '  lib: [',
    ...Array.from({ length: items }, (_, i) => (shared && i === 0 ? `    { ...shared, id: '${id}-shared' },` : `    { ${item(100 + i * 10, 1 + (r(60 + i) % 3))} },`)),
    '  ],',
    ...Array.from(new Set(Array.from({ length: tops }, (_, t) => r(80 + t) % TOP_OPTIONS.length)), (o) => `  ${TOP_OPTIONS[o]!(id, r(90 + o))},`).filter(uniqueTopKeys()),
    ...(plugin ? ['  plugins: [pluginReact()],'] : []),
    '});',
  ];
  return body;
}

/** A filter that keeps the first line of each top-level key (`output` may be drawn twice). */
function uniqueTopKeys(): (line: string) => boolean {
  const seen = new Set<string>();
  return (line) => {
    const key = line.trim().slice(0, line.trim().indexOf(':'));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

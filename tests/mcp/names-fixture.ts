/**
 * A names table (schemas/names.ts) for the tests of get_option: the kinds and spellings the
 * lookup must tell apart, with pages on the fixture site's routes (tests/pipeline/fixture.ts).
 * Parsed with the schema, so it is a file the pipeline could have written.
 */
import { NamesFile, type DocumentedName } from '../../schemas/names.ts';

const entry = (name: string, kind: DocumentedName['kind'], aliases: string[], page: string, more: Partial<DocumentedName> = {}): DocumentedName => ({
  name,
  kind,
  aliases,
  declaration: `(property) ${name}: unknown`,
  summary: `What ${name} does.`,
  default: null,
  deprecated: null,
  pages: { en: { url: page, heading: name, summary: `The page's sentence on ${name}.` }, zh: { url: `/zh${page}`, heading: name, summary: `${name} 的说明。` } },
  samples: { en: [], zh: [] },
  ...more,
});

export const namesFixture = (): NamesFile =>
  NamesFile.parse({
    schemaVersion: 1,
    package: { name: '@rslib/core', version: '1.0.1' },
    names: [
      entry('defineConfig', 'export', [], '/guide/a#defineconfig', { declaration: 'function defineConfig(config: RslibConfig): RslibConfig' }),
      entry('dts.bundle', 'lib-option', ['lib.dts.bundle'], '/guide/a#dtsbundle', {
        declaration: '(property) bundle?: boolean | { bundledPackages?: string[] }',
        default: 'false',
        samples: {
          en: [{ url: '/guide/a#dtsbundle', title: 'rslib.config.ts', lang: 'ts', code: "export default defineConfig({ lib: [{ dts: { bundle: true } }] });" }],
          zh: [{ url: '/zh/guide/a#dtsbundle', title: 'rslib.config.ts', lang: 'ts', code: "export default defineConfig({ lib: [{ dts: { bundle: true } }] });" }],
        },
      }),
      entry('lib.dts', 'lib-option', ['dts'], '/guide/a#libdts'),
      entry('lib.format', 'lib-option', ['format'], '/guide/b#libformat', { default: "'esm'" }),
      entry('lib.umdName', 'lib-option', ['umdName'], '/guide/b#libumdname', { deprecated: 'Use output.library instead.' }),
      entry('loadConfig', 'export', [], '/guide/a#loadconfig'),
      entry('output.target', 'rsbuild-option', ['target'], '/guide/b#outputtarget', { default: "'node'" }),
      entry('rslib build', 'command', ['build'], '/guide/#first', { declaration: 'build [options]  build the library for production' }),
      entry('rslib build --watch', 'flag', ['build --watch', 'build -w', '--watch', '-w'], '/guide/#first', { declaration: '-w, --watch  turn on watch mode, watch for changes and rebuild' }),
      entry('rslib inspect --output', 'flag', ['inspect --output'], '/guide/#first'),
      entry('rslib mf-dev --lib', 'flag', ['mf-dev --lib'], '/guide/#first'),
      entry('rslib build --lib', 'flag', ['build --lib'], '/guide/#first'),
    ],
  });

import { z } from 'zod';

/**
 * What kind of name of Rslib an entry documents: the coverage check's groups
 * (scripts/check-samples/coverage.ts), with config keys split by who declares them.
 */
export const NameKind = z.enum([
  /** A key of a lib item or of the config that @rslib/core declares (`lib.format`, `dts.bundle`). */
  'lib-option',
  /** A key of the config taken from Rsbuild's types (`output.target`). */
  'rsbuild-option',
  /** A value @rslib/core exports (`defineConfig`, `loadConfig`). */
  'export',
  /** A type @rslib/core exports (`RslibConfig`). */
  'type',
  /** A method of the instance `createRslib` returns. */
  'method',
  /** A field of `createRslib`'s options. */
  'create-option',
  /** An `rslib` command (`rslib build`). */
  'command',
  /** A flag of an `rslib` command (`rslib build --watch`). */
  'flag',
]);
export type NameKind = z.infer<typeof NameKind>;

/** Where our pages document a name, in one language. */
export const NamePage = z
  .object({
    url: z.string().describe('Route of the documenting page in this language, with the #id its heading (or table row) really has: /zh/config/lib/dts#dtsbundle'),
    heading: z.string().describe('The text of that heading or row, or the page title when the page itself is the name\'s'),
    summary: z.string().describe('The first sentence the page gives for the name there, as plain text; empty when it gives none'),
  })
  .strict();
export type NamePage = z.infer<typeof NamePage>;

/** A checked code sample of the documenting page that uses the name. */
export const NameSample = z
  .object({
    url: z.string().describe('Route of the page, with the #id of the heading the sample stands under'),
    title: z.string().nullable().describe('The block\'s title (a file name), or null'),
    lang: z.string().describe('The block\'s language: ts, js, tsx, bash…'),
    code: z.string().describe('The sample as the page shows it'),
  })
  .strict();
export type NameSample = z.infer<typeof NameSample>;

/** One documented name: what the package declares and where our pages explain it. */
export const DocumentedName = z
  .object({
    name: z.string().describe('The name as our pages write it: lib.dts, dts.bundle, output.target, defineConfig, RslibConfig, rslib build, rslib build --watch'),
    kind: NameKind,
    aliases: z.array(z.string()).describe('Other spellings a reader may ask for it by, exactly as they are matched: format for lib.format, build --watch and -w for rslib build --watch'),
    declaration: z.string().nullable().describe('The declaration as the hovers print it, (property) LibConfig.format?: Format | undefined; for a command or flag, its line of `rslib --help`'),
    summary: z.string().describe('The declaration\'s own documentation (JSDoc summary, or the help text), in English; empty when it has none'),
    default: z.string().nullable().describe('The @default or @defaultValue tag\'s text, or the default the help gives; null when none'),
    deprecated: z.string().nullable().describe('The @deprecated tag\'s text (empty string when it has none), or null when not deprecated'),
    pages: z.object({ en: NamePage, zh: NamePage.nullable() }).strict().describe('Where each language documents it (zh null when a Chinese twin is missing)'),
    samples: z.object({ en: z.array(NameSample), zh: z.array(NameSample) }).strict().describe('Checked samples of the documenting page that use the name, per language'),
  })
  .strict();
export type DocumentedName = z.infer<typeof DocumentedName>;

/** dist-data/names.json: every name the package offers and our pages document, sorted by name. */
export const NamesFile = z
  .object({
    schemaVersion: z.literal(1),
    package: z.object({ name: z.string(), version: z.string() }).strict().describe('The package the declarations were read from: @rslib/core and its version'),
    names: z.array(DocumentedName),
  })
  .strict();
export type NamesFile = z.infer<typeof NamesFile>;

/**
 * What makes a code block a config sample, and how a sample becomes a file TypeScript can check.
 * Shared by `npm run check:samples` (which type-checks every sample) and the hovers stage (which
 * asks TypeScript's language server about every name of the same samples), so that both see
 * the same files and report the same places. Pure: no file is read or written here.
 */
import { createHash } from 'node:crypto';

/** How a config sample is compiled (docs/writing.md, "Samples are proven"). */
export type CheckMode = 'module' | 'lib' | 'config' | 'skip';
export const CHECK_MODES: readonly CheckMode[] = ['module', 'lib', 'config', 'skip'];

/** The fence languages of scripts, the only blocks that may be samples. */
export const SCRIPT_LANGS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'typescript', 'javascript']);

/** `key="value"`, `key='value'` or `key=value` pairs of a code fence's meta string. */
export function metaAttributes(meta: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of (meta ?? '').matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)'|([^\s"'{}]+))/g)) out[match[1]!] = match[2] ?? match[3] ?? match[4] ?? '';
  return out;
}

/**
 * A block is a config sample when it is named like a config file or uses @rslib/core. The
 * configs of the tools a library page sets up beside Rslib (Rstest, Rspress) are checked against
 * their installed packages the same way.
 */
export function isConfigSample(lang: string, title: string | undefined, code: string): boolean {
  // A declaration file (`src/env.d.ts`) may reference @rslib/core's types: it declares, it configures nothing.
  if (!SCRIPT_LANGS.has(lang) || isDeclarationFile(title ?? '')) return false;
  return /(^|\/)(rslib|rstest|rspress)\.config\.[cm]?[jt]s$/.test(title ?? '') || code.includes('@rslib/core');
}

/** Whether a file's name is a declaration file's (`env.d.ts`, `index.d.mts`). */
export const isDeclarationFile = (file: string) => /\.d\.[cm]?ts$/.test(file);

/** What of a code block decides how it is checked. */
export interface SampleBlock {
  /** The fence language, lower case. */
  lang: string;
  title?: string;
  mode: CheckMode;
  /** The code as written, `// ^?` lines included. */
  code: string;
  /**
   * For a file of an example project (`example="name"`, not a config): the project, whose other
   * files it is read among (its imports of them resolve). The page shows the file as the project
   * has it (check:samples holds them to it), and the project's build proves it.
   */
  project?: string;
  /**
   * For any other file a page shows (a titled script block: `src/index.ts`, `dist/index.js`):
   * the page's other files it is read among, by their titles (pageFilesAround), so that its
   * imports of them resolve as they would in the reader's project. Nothing builds it: only a
   * module it imports that resolves nowhere is reported [hover-module].
   */
  files?: ReadonlyArray<readonly [title: string, code: string]>;
}

/**
 * A title that names a file of a project: a relative path with a file name (`src/index.ts`,
 * `.storybook/main.js`, `tsconfig.json`), not a caption (`Rslib preset (mf)`) and nothing that
 * leaves the project (`..`, an absolute path).
 */
export function isFileTitle(title: string | undefined): title is string {
  if (!title || !/^[\w@.-][\w@./-]*\.[a-z]+$/i.test(title)) return false;
  return !title.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/**
 * Whether a sample is a file read in a project of its own (an example project's, or the page's
 * files), not a config sample: nothing wraps it, and its type errors are not the page's.
 */
export const isProjectFile = (sample: Pick<SampleBlock, 'project' | 'files'>) => sample.project !== undefined || sample.files !== undefined;

/**
 * A file a page shows as the sample project holds it: a script is a module, as a bundler reads
 * it (its names stay out of the other files' scope), unless it declares things for the others
 * (`env.d.ts`); any other file as written.
 */
export function pageFileText(title: string, code: string): string {
  return /\.[cm]?[jt]sx?$/.test(title) && !isDeclarationFile(title) ? `${code}\nexport {};\n` : code;
}

/** A titled script file a page shows that is not a config sample: read among the page's other files. */
export const isPageScriptFile = (lang: string, title: string | undefined) => SCRIPT_LANGS.has(lang) && isFileTitle(title) && /\.[cm]?[jt]sx?$/.test(title);

/**
 * The files a page shows beside its block `at` (`blocks` in document order, each with its title)
 * that the block's file may read: for every other title, the nearest block so titled above it,
 * else the first below (a page may show a file twice, as it changes); of those, the declaration
 * files (`src/env.d.ts`: they declare for the whole project), the tsconfig.json when the file
 * imports through an alias (`@/math`), and the files it imports, and they import, by name (a
 * specifier's last part without its extension and query: `./logo.svg?react` may be
 * `src/logo.svg`). Only what it may read: a change to another file of the page is no change to
 * its hovers, and the same file on both languages' pages is asked about once.
 */
export function pageFilesAround(blocks: ReadonlyArray<{ title?: string | undefined; code: string }>, at: number): Array<[string, string]> {
  const own = blocks[at]?.title;
  const chosen = new Map<string, { distance: number; code: string }>();
  blocks.forEach((block, i) => {
    if (i === at || !isFileTitle(block.title) || block.title === own) return;
    // Above (closest first), then below (first first).
    const distance = i < at ? at - i : blocks.length + i;
    const known = chosen.get(block.title);
    if (!known || distance < known.distance) chosen.set(block.title, { distance, code: block.code });
  });
  const read = new Set<string>();
  const follow = (code: string) => {
    for (const specifier of moduleSpecifiers(code)) {
      const local = specifier.startsWith('.');
      if (!local && isPackageSpecifier(specifier)) continue;
      if (!local && chosen.has('tsconfig.json')) read.add('tsconfig.json');
      const name = stem(specifier);
      for (const [title, { code: text }] of chosen) {
        if (read.has(title) || stem(title) !== name) continue;
        read.add(title);
        follow(text);
      }
    }
  };
  for (const title of chosen.keys()) if (isDeclarationFile(title)) read.add(title);
  follow(blocks[at]?.code ?? '');
  return [...chosen].filter(([title]) => read.has(title)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([title, { code }]) => [title, code]);
}

/**
 * Whether a module specifier names a package (`react`, `@rslib/core/types`, `node:fs`), by npm's
 * rules for a package's name: not a file of the project, relative (`./math`) or through an alias
 * (`@/math`, `~/utils`).
 */
export const isPackageSpecifier = (specifier: string) => /^(?:node:|@[a-z0-9-][\w.~-]*\/[a-z0-9]|[a-z0-9])/.test(specifier);

/** The module specifiers of a file's imports and re-exports (`from '…'`, `import '…'`, `import('…')`). */
function moduleSpecifiers(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"\n]+)['"]/g)].map((match) => match[1]!);
}

/** A path's last part without its query and extensions: `./logo.svg?react` → `logo`, `src/utils/index.ts` → `index`. */
function stem(specifier: string): string {
  return specifier.replace(/[?#].*$/, '').split('/').at(-1)!.replace(/\..*$/, '');
}

/** Where the example projects are, in the repository: `example="name"` is tests/samples/projects/name. */
export const EXAMPLE_PROJECTS = 'tests/samples/projects';

/**
 * The compiler options samples are checked with, as a tsconfig.json writes them: check:samples
 * gives them to `tsc`, the hovers stage to TypeScript's language server, each in the
 * tsconfig.json of a sample project (hovers/sample-project.ts), so both judge a sample alike. `root`: the project whose
 * node_modules hold the declarations.
 */
export function sampleCompilerOptions(root: string) {
  return {
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: true,
    jsx: 'react-jsx',
    types: ['node'],
    typeRoots: [`${root}/node_modules/@types`],
    allowImportingTsExtensions: true,
  };
}

/** A type error of a sample, as check:samples and the build both report it [sample-type]. */
export function sampleTypeMessage(title: string | undefined, error: string): string {
  return `Config sample${title ? ` (${title})` : ''} does not type-check against @rslib/core: ${error}`;
}

export interface Wrapped {
  text: string;
  /** Lines the wrapper adds above the sample's first line. */
  offset: number;
  extension: string;
}

/**
 * A fragment becomes a whole config file; a whole file only becomes a module (own scope). A file
 * of an example project stays as it is: it is read where the project has it.
 */
export function wrapSample(sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project' | 'files'>): Wrapped {
  const extension = extensionOf(sample);
  if (sample.project !== undefined) return { text: sample.code, offset: 0, extension };
  if (sample.files !== undefined) return { text: pageFileText(sample.title!, sample.code), offset: 0, extension };
  const module = '\nexport {};\n';
  if (sample.mode === 'lib') return { text: `import { defineConfig } from '@rslib/core';\nexport default defineConfig({ lib: [{\n${sample.code}\n}] });${module}`, offset: 2, extension };
  if (sample.mode === 'config') return { text: `import { defineConfig } from '@rslib/core';\nexport default defineConfig({\n${sample.code}\n});${module}`, offset: 2, extension };
  return { text: `${sample.code}${module}`, offset: 0, extension };
}

function extensionOf(sample: Pick<SampleBlock, 'lang' | 'title'>): string {
  const fromTitle = /\.([cm]?[jt]sx?)$/.exec(sample.title ?? '')?.[1];
  if (fromTitle) return fromTitle;
  return { typescript: 'ts', javascript: 'js' }[sample.lang] ?? sample.lang;
}

/** A `// ^?` query: show the type of what the caret points at, under the line it points into. */
export interface Query {
  /** The line (0-based) the caret points into, in the code as written. */
  rawLine: number;
  /** The same line among the lines a reader sees (query lines taken out). */
  line: number;
  /** The column (0-based) of the caret. */
  column: number;
}

/** A line that is only a Twoslash-style query: `//`, spaces, a caret and a question mark. */
const QUERY_LINE = /^(\s*\/\/\s*)\^\?\s*$/;

/**
 * The code a reader sees (query lines taken out), the queries it had, and for each line as
 * written its line as shown (-1 for a query line). A query on the first line, with no line above
 * it to point into, stays as written.
 */
export function splitQueries(code: string): { shown: string; queries: Query[]; shownLine: number[] } {
  const lines = code.split('\n');
  if (!code.includes('^?')) return { shown: code, queries: [], shownLine: lines.map((_, i) => i) };
  const shown: string[] = [];
  const queries: Query[] = [];
  const shownLine: number[] = [];
  let lastRaw = -1;
  lines.forEach((line, raw) => {
    const match = QUERY_LINE.exec(line);
    if (match && shown.length > 0) {
      queries.push({ rawLine: lastRaw, line: shown.length - 1, column: match[1]!.length });
      shownLine.push(-1);
      return;
    }
    shownLine.push(shown.length);
    shown.push(line);
    lastRaw = raw;
  });
  return { shown: shown.join('\n'), queries, shownLine };
}

/**
 * A sample's identity for the hovers' memo: the file TypeScript is given and its kind. The
 * pipeline's version (which covers the installed declarations, memo/code-version.ts) is added by
 * whoever keeps the memo.
 */
export function sampleKey(sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project' | 'files'>): string {
  const wrapped = wrapSample(sample);
  const where = sample.project !== undefined ? `\0${sample.project}\0${sample.title}` : sample.files !== undefined ? `\0page\0${sample.title}\0${JSON.stringify(sample.files)}` : '';
  return createHash('sha256').update(`${wrapped.extension}\0${wrapped.text}${where}`).digest('hex').slice(0, 24);
}

/** A page's code block as its samples are found: its fence language, its meta's attributes, its code. */
export interface PageBlock {
  lang: string;
  title?: string | undefined;
  check?: string | undefined;
  example?: string | undefined;
  code: string;
}

/**
 * The sample the page's block `at` is (sampleOfBlock), a file it shows read among the page's
 * other files (pageFilesAround): as the compile finds it (compile/highlight.ts) and as the hovers
 * stage looks for it before (page-samples.ts), so that both give it the same key.
 */
export function sampleOfPageBlock(blocks: readonly PageBlock[], at: number): SampleBlock | null {
  const { lang, title, check, example, code } = blocks[at]!;
  return sampleOfBlock(lang, title, check, code, example, isPageScriptFile(lang, title) ? pageFilesAround(blocks, at) : []);
}

/**
 * The sample a code block is: a config sample that check:samples type-checks, a script file of
 * an example project (`example`) that it builds, or another script file the page shows (a titled
 * block, read among `files`, the page's other files: pageFilesAround); null for anything else
 * (other languages, untitled fragments, `check="skip"`, unknown modes).
 */
export function sampleOfBlock(lang: string, title: string | undefined, check: string | undefined, code: string, example?: string, files: ReadonlyArray<readonly [string, string]> = []): SampleBlock | null {
  if (!isConfigSample(lang, title, code)) {
    if (check !== undefined || !title || !SCRIPT_LANGS.has(lang)) return null;
    if (example) return { lang, title, mode: 'module', code, project: example };
    return isPageScriptFile(lang, title) ? { lang, title, mode: 'module', code, files } : null;
  }
  const mode = (check ?? 'module') as CheckMode;
  if (!CHECK_MODES.includes(mode) || mode === 'skip') return null;
  return { lang, title, mode, code };
}

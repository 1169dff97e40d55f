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
  if (!SCRIPT_LANGS.has(lang)) return false;
  return /(^|\/)(rslib|rstest|rspress)\.config\.[cm]?[jt]s$/.test(title ?? '') || code.includes('@rslib/core');
}

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
export function wrapSample(sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project'>): Wrapped {
  const extension = extensionOf(sample);
  if (sample.project !== undefined) return { text: sample.code, offset: 0, extension };
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
export function sampleKey(sample: Pick<SampleBlock, 'lang' | 'title' | 'mode' | 'code' | 'project'>): string {
  const wrapped = wrapSample(sample);
  const where = sample.project === undefined ? '' : `\0${sample.project}\0${sample.title}`;
  return createHash('sha256').update(`${wrapped.extension}\0${wrapped.text}${where}`).digest('hex').slice(0, 24);
}

/**
 * The sample a code block is: a config sample that check:samples type-checks, or a script file of
 * an example project (`example`) that it builds; null for anything else (other languages,
 * `check="skip"`, unknown modes).
 */
export function sampleOfBlock(lang: string, title: string | undefined, check: string | undefined, code: string, example?: string): SampleBlock | null {
  if (!isConfigSample(lang, title, code)) {
    return example && title && SCRIPT_LANGS.has(lang) && check === undefined ? { lang, title, mode: 'module', code, project: example } : null;
  }
  const mode = (check ?? 'module') as CheckMode;
  if (!CHECK_MODES.includes(mode) || mode === 'skip') return null;
  return { lang, title, mode, code };
}

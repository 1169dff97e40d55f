/**
 * What an editor would show on each name of the config samples: TypeScript's quick info (the
 * declaration, its JSDoc, its tags), from the installed declarations that `npm run check:samples`
 * checks the samples against, and the sample's type errors. All samples go into one language
 * service, so the declarations (most of the work) are read and checked once per run.
 *
 * TypeScript 7, the project's compiler, is native and has no JavaScript API; the language
 * service comes from TypeScript 6, installed beside it as `typescript-api`, and is imported only
 * by a run that has samples to ask about.
 */
import path from 'node:path';
import type * as TS from 'typescript-api';
import { splitQueries, wrapSample, type SampleBlock } from './sample.ts';

/**
 * The packages whose declarations the hovers come from: their locked versions are part of the
 * pipeline's version (memo/code-version.ts), so a new @rslib/core makes every cached hover stale.
 */
export const DECLARATION_PACKAGES = ['@rslib/core', '@rstest/core', '@rspress/core', '@types/node'] as const;

/** What TypeScript says about one name: its declaration, its JSDoc text and the tags readers need. */
export interface HoverInfo {
  /** The declaration as quick info prints it: `(property) format?: Format`. */
  signature: string;
  /** The JSDoc text, `{@link …}` kept as written. */
  docs: string;
  /** `default` (also for `@defaultValue`), `deprecated` and `see` tags, in declaration order: [name, text]. */
  tags: Array<[string, string]>;
}

/** The hovers of one sample, in the lines a reader sees (`// ^?` lines taken out), 0-based. */
export interface SampleHovers {
  /** [line, column, length, index into infos] of each name that has quick info. */
  names: Array<[number, number, number, number]>;
  /** [line, column, index into infos] of each `// ^?` query: shown under that line. */
  queries: Array<[number, number, number]>;
  infos: HoverInfo[];
  /** Type errors, placed in the code as written (1-based, as in the page). */
  problems: Array<{ line: number; column: number; message: string }>;
}

/** The tags shown with a hover; `defaultValue` is shown as `default`. */
const SHOWN_TAGS: Record<string, string> = { default: 'default', defaultValue: 'default', deprecated: 'deprecated', see: 'see' };

const COMPILER_OPTIONS = (root: string, ts: typeof TS): TS.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  allowJs: true,
  checkJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  types: ['node'],
  typeRoots: [path.join(root, 'node_modules/@types')],
  allowImportingTsExtensions: true,
});

/**
 * The hovers of each sample, by the key it was given. `root` is the project whose node_modules
 * hold the declarations; the samples are files of a folder that exists only in the service,
 * directly under it, so that their imports resolve from there. A package a sample imports that
 * is not installed is declared as a module of its own (`any`), as check:samples does.
 */
export async function quickInfoOf(root: string, samples: ReadonlyMap<string, SampleBlock>): Promise<Map<string, SampleHovers>> {
  const ts = ((await import('typescript-api')) as unknown as { default: typeof TS }).default;
  const dir = path.join(root, '.hover-samples');
  const files = new Map<string, string>();
  const byFile = new Map<string, { key: string; offset: number; sample: SampleBlock }>();
  for (const [key, sample] of samples) {
    const wrapped = wrapSample(sample);
    const file = path.join(dir, `sample-${key}.${wrapped.extension}`);
    files.set(file, wrapped.text);
    byFile.set(file, { key, offset: wrapped.offset, sample });
  }
  const options = COMPILER_OPTIONS(root, ts);
  files.set(path.join(dir, 'ambient.d.ts'), `${ambientModules(ts, [...samples.values()].map((s) => s.code), path.join(dir, 'sample.ts'), options).join('\n')}\n`);
  const host: TS.LanguageServiceHost = {
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = files.get(file) ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (file) => files.has(file) || ts.sys.fileExists(file),
    readFile: (file) => files.get(file) ?? ts.sys.readFile(file),
    directoryExists: (name) => name === dir || ts.sys.directoryExists(name),
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const program = service.getProgram()!;
  const out = new Map<string, SampleHovers>();
  for (const [file, { key, offset, sample }] of byFile) {
    const source = program.getSourceFile(file)!;
    out.set(key, hoversOfFile(ts, service, program, source, offset, sample));
  }
  service.dispose();
  return out;
}

function hoversOfFile(ts: typeof TS, service: TS.LanguageService, program: TS.Program, source: TS.SourceFile, offset: number, sample: SampleBlock): SampleHovers {
  const { shownLine, queries } = splitQueries(sample.code);
  const rawLines = sample.code.split('\n').length;
  const checker = program.getTypeChecker();
  const infos: HoverInfo[] = [];
  const known = new Map<string, number>();
  // What the name is declared as, where the installed declarations declare it: inside a sample,
  // `defineConfig`'s const type parameters make every option's local type its literal value
  // (`format: "esm"`), without the option's JSDoc. A name declared many times (overloads) shows
  // its shortest declaration: the one a reader can read.
  const declaredAt = (position: number): TS.QuickInfo | undefined => {
    const definitions = (service.getDefinitionAtPosition(source.fileName, position) ?? []).filter((d) => d.fileName !== source.fileName && d.fileName.endsWith('.d.ts'));
    if (definitions.length === 0) return undefined;
    // Every declaration of the symbol: a call site's definition is only the overload it resolved to.
    const declarations = definitions.flatMap((d) => {
      const file = program.getSourceFile(d.fileName);
      const node = file && nodeAt(ts, file, d.textSpan.start);
      const symbol = node && checker.getSymbolAtLocation(node);
      return (symbol?.declarations ?? []).filter((declaration) => declaration.getSourceFile().isDeclarationFile);
    });
    if (declarations.length === 0) return undefined;
    const shortest = declarations.reduce((best, d) => (d.getWidth() < best.getWidth() ? d : best));
    const name = (shortest as TS.NamedDeclaration).name ?? shortest;
    return service.getQuickInfoAtPosition(shortest.getSourceFile().fileName, name.getStart());
  };
  const infoAt = (position: number, local = false): number | null => {
    const quick = (local ? undefined : declaredAt(position)) ?? service.getQuickInfoAtPosition(source.fileName, position);
    if (!quick || !quick.displayParts?.length) return null;
    const info: HoverInfo = {
      signature: ts.displayPartsToString(quick.displayParts),
      docs: linkedText(ts, quick.documentation),
      tags: (quick.tags ?? []).filter((tag) => SHOWN_TAGS[tag.name]).map((tag) => [SHOWN_TAGS[tag.name]!, linkedText(ts, tag.text)]),
    };
    const id = JSON.stringify(info);
    let index = known.get(id);
    if (index === undefined) {
      index = infos.length;
      infos.push(info);
      known.set(id, index);
    }
    return index;
  };
  const names: SampleHovers['names'] = [];
  const visit = (node: TS.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const start = node.getStart(source);
      const { line, character } = source.getLineAndCharacterOfPosition(start);
      const raw = line - offset;
      const shown = raw >= 0 && raw < rawLines ? shownLine[raw]! : -1;
      if (shown >= 0) {
        const index = infoAt(start);
        if (index !== null) names.push([shown, character, node.getWidth(source), index]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const answered: SampleHovers['queries'] = [];
  for (const query of queries) {
    const lineStart = source.getPositionOfLineAndCharacter(query.rawLine + offset, 0);
    const lineText = sample.code.split('\n')[query.rawLine] ?? '';
    if (query.column >= lineText.length) continue;
    // A query asks for the type where it is, as the sample narrows it.
    const index = infoAt(lineStart + query.column, true);
    if (index !== null) answered.push([query.line, query.column, index]);
  }
  const problems = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
    .filter((d) => d.category === ts.DiagnosticCategory.Error && d.start !== undefined)
    .map((d) => {
      const { line, character } = source.getLineAndCharacterOfPosition(d.start!);
      return { line: Math.max(line - offset, 0) + 1, column: character + 1, message: `TS${d.code} ${messageOf(ts, d.messageText)}` };
    });
  return { names, queries: answered, infos, problems };
}

/** `declare module` lines for the bare imports of these samples that do not resolve from `from`. */
function ambientModules(ts: typeof TS, codes: readonly string[], from: string, options: TS.CompilerOptions): string[] {
  const names = new Set<string>();
  for (const code of codes) {
    for (const match of code.matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:') || names.has(specifier)) continue;
      if (!ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule) names.add(specifier);
    }
  }
  return [...names].sort().map((name) => `declare module '${name}';`);
}

/** The innermost node of `file` that starts at `position`. */
function nodeAt(ts: typeof TS, file: TS.SourceFile, position: number): TS.Node | undefined {
  let found: TS.Node | undefined;
  const visit = (node: TS.Node) => {
    if (position < node.getFullStart() || position >= node.getEnd()) return;
    if (node.getStart(file) === position) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * A diagnostic's message as check:samples prints tsc's: the first line, and the innermost one,
 * which says what is wrong ("'formatt' does not exist in type 'LibConfig'").
 */
function messageOf(ts: typeof TS, text: string | TS.DiagnosticMessageChain): string {
  if (typeof text === 'string') return text;
  let inner = text;
  while (inner.next?.length) inner = inner.next[0]!;
  return inner === text ? text.messageText : `${text.messageText} ${inner.messageText}`;
}

/** JSDoc parts as text, each `{@link target text}` written back as such, for the record to turn into links. */
function linkedText(ts: typeof TS, parts: readonly TS.SymbolDisplayPart[] | undefined): string {
  if (!parts) return '';
  let out = '';
  for (const part of parts) {
    if (part.kind === 'link') out += part.text.startsWith('{') ? '{@link ' : '}';
    else if (part.kind === 'linkName' || part.kind === 'linkText') out += `${part.text}${part.kind === 'linkName' ? ' ' : ''}`;
    else out += part.text;
  }
  void ts;
  return out.replace(/ \}/g, '}').trim();
}

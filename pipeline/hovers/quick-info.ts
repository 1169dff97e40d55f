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
import { configKeyPage, NAME_PAGES, nameAnchor } from './name-pages.ts';
import { sampleCompilerOptions, splitQueries, wrapSample, type SampleBlock } from './sample.ts';

/**
 * The packages whose declarations the hovers come from: their locked versions are part of the
 * pipeline's version (memo/code-version.ts), so a new @rslib/core makes every cached hover stale.
 */
export const DECLARATION_PACKAGES = ['@rslib/core', '@rstest/core', '@rspress/core', '@types/node'] as const;

/** What TypeScript says about one name: its declaration, its JSDoc text and the tags readers need. */
export interface HoverInfo {
  /** The declaration as quick info prints it: `(property) format?: Format`. */
  signature: string;
  /** The JSDoc's summary (its first paragraph), `{@link …}` kept as written. */
  docs: string;
  /** `default` (also for `@defaultValue`), `deprecated` and `see` tags, in declaration order: [name, text]. */
  tags: Array<[string, string]>;
  /** The page that documents the name (hovers/name-pages.ts), English route, when it is a name of @rslib/core's config or API. */
  page?: string;
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

/**
 * How long a hover's declaration may be, in characters: a longer one (an object type written out
 * member by member) is cut after the line that reaches this length, with `…`. A highlighted
 * declaration costs about twenty times its length in the record, and a config page's record may
 * grow by at most half with its hovers; the page that documents the name has the rest.
 */
export const SIGNATURE_LENGTH = 80;

/** A declaration cut after the line that reaches SIGNATURE_LENGTH. */
export function shortSignature(signature: string): string {
  if (signature.length <= SIGNATURE_LENGTH) return signature;
  const lines = signature.split('\n');
  let length = 0;
  const kept: string[] = [];
  for (const line of lines) {
    kept.push(line);
    length += line.length + 1;
    if (length >= SIGNATURE_LENGTH) break;
  }
  return kept.length < lines.length ? `${kept.join('\n')} …` : signature;
}

/** The tags shown with a hover; `defaultValue` is shown as `default`. */
const SHOWN_TAGS: Record<string, string> = { default: 'default', defaultValue: 'default', deprecated: 'deprecated', see: 'see' };


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
  const options = ts.convertCompilerOptionsFromJson(sampleCompilerOptions(root), root).options;
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
  const declaredAt = (position: number): { quick: TS.QuickInfo | undefined; declaration: TS.Declaration } | undefined => {
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
    return { quick: service.getQuickInfoAtPosition(shortest.getSourceFile().fileName, name.getStart()), declaration: shortest };
  };
  const infoAt = (position: number, local = false, node?: TS.Identifier | TS.PrivateIdentifier): number | null => {
    const declared = local ? undefined : declaredAt(position);
    const quick = declared?.quick ?? service.getQuickInfoAtPosition(source.fileName, position);
    if (!quick || !quick.displayParts?.length) return null;
    const page = node && documentingPage(ts, checker, node, declared?.declaration, (name) => declaredAt(name.getStart(source))?.declaration);
    const info: HoverInfo = {
      signature: shortSignature(ts.displayPartsToString(quick.displayParts)),
      // The summary: the first paragraph (Node.js's own declarations go on with pages of examples).
      docs: linkedText(ts, quick.documentation).split(/\n\s*\n/)[0]!.trim(),
      tags: (quick.tags ?? []).filter((tag) => SHOWN_TAGS[tag.name]).map((tag) => [SHOWN_TAGS[tag.name]!, linkedText(ts, tag.text)]),
      ...(page && { page }),
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
        const index = infoAt(start, false, node);
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

/** Whether a declaration is @rslib/core's own (not Rsbuild's, which it re-exports and extends). */
const isRslibDeclaration = (declaration: TS.Node) => /[\\/]@rslib[\\/]core[\\/]/.test(declaration.getSourceFile().fileName);

/**
 * The page that documents a name of a sample (hovers/name-pages.ts, the coverage check's rules):
 * a key of the config by its place in the config, an export of @rslib/core, a method of its
 * instance. Null for anything else (a local variable, a Node.js API).
 */
function documentingPage(ts: typeof TS, checker: TS.TypeChecker, node: TS.Identifier | TS.PrivateIdentifier, declaration: TS.Declaration | undefined, declarationOf: (name: TS.Node) => TS.Declaration | undefined): string | null {
  const symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return null;
  // An import of @rslib/core, or a use of one: an export, on the core page (values) or the types page.
  if (symbol.flags & ts.SymbolFlags.Alias) {
    const specifier = symbol.declarations?.find(ts.isImportSpecifier);
    const from = specifier?.parent.parent.parent.moduleSpecifier;
    if (!specifier || !from || !ts.isStringLiteral(from) || from.text !== '@rslib/core') return null;
    const name = (specifier.propertyName ?? specifier.name).text;
    return checker.getAliasedSymbol(symbol).flags & ts.SymbolFlags.Value ? `${NAME_PAGES.core}#${nameAnchor(name)}` : NAME_PAGES.types;
  }
  // A method of the instance createRslib returns.
  const declared = symbol.declarations?.[0];
  const owner = declared?.parent;
  if (owner && (ts.isInterfaceDeclaration(owner) || ts.isTypeAliasDeclaration(owner)) && owner.name.text === 'RslibInstance' && isRslibDeclaration(owner)) {
    return `${NAME_PAGES.instance}#${nameAnchor(node.text)}`;
  }
  if (owner?.parent && ts.isTypeAliasDeclaration(owner.parent) && owner.parent.name.text === 'RslibInstance') return `${NAME_PAGES.instance}#${nameAnchor(node.text)}`;
  // A key of the config: its path up to the argument of defineConfig.
  // The declaration is the installed one the hover shows (in a sample, the key's own type is its literal value).
  // Whether it is a lib option or Rsbuild's is decided by its top key (`output` of `output.target`).
  const found = configPath(ts, node);
  if (!found || !declaration) return null;
  const top = found.top === node ? declaration : declarationOf(found.top);
  return top ? configKeyPage(found.path, isRslibDeclaration(top) && !isRsbuildKey(checker, top)) : null;
}

/**
 * Whether Rsbuild declares this key too, where Rslib only narrows it (`output`): then Rsbuild's
 * pages document it, as the coverage check has it.
 */
function isRsbuildKey(checker: TS.TypeChecker, declaration: TS.Declaration): boolean {
  const owner = declaration.parent;
  const name = (declaration as TS.NamedDeclaration).name?.getText();
  if (!name || !owner) return false;
  const type = checker.getTypeAtLocation(owner);
  const bases = type.isClassOrInterface() ? (checker.getBaseTypes(type) ?? []) : [];
  return bases.some((base) => base.getProperty(name)?.declarations?.some((d) => !isRslibDeclaration(d)) ?? false);
}

/**
 * The keys from a config's top to this property name (`['lib', 'format']`) and the name node of
 * its top key (`format` of a lib item, `output` of `output.target`), or null when it is not a key
 * of a config given to defineConfig.
 */
function configPath(ts: typeof TS, node: TS.Node): { path: string[]; top: TS.Node } | null {
  const path: string[] = [];
  const names: TS.Node[] = [];
  let at: TS.Node = node;
  if (!(ts.isPropertyAssignment(at.parent) || ts.isShorthandPropertyAssignment(at.parent)) || at.parent.name !== at) return null;
  while (at.parent) {
    const parent: TS.Node = at.parent;
    if (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) {
      if (!ts.isIdentifier(parent.name) && !ts.isStringLiteral(parent.name)) return null;
      path.unshift(parent.name.text);
      names.unshift(parent.name);
    } else if (ts.isCallExpression(parent)) {
      if (!ts.isIdentifier(parent.expression) || parent.expression.text !== 'defineConfig') return null;
      return { path, top: (path[0] === 'lib' && names.length > 1 ? names[1] : names[0])! };
    } else if (!(ts.isObjectLiteralExpression(parent) || ts.isArrayLiteralExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isArrowFunction(parent) || ts.isReturnStatement(parent) || ts.isBlock(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent))) {
      return null;
    }
    at = parent;
  }
  return null;
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

/**
 * What an editor would show on each name of the config samples: TypeScript's quick info (the
 * declaration, its JSDoc, its tags), from the installed declarations that `npm run check:samples`
 * checks the samples against, and the samples' type errors. The samples are written as the files
 * of one project (hovers/sample-project.ts, as check:samples writes them), and TypeScript 7's
 * language server (the installed native compiler, hovers/language-server.ts) reads the
 * declarations and checks the samples once for all of them; the syntax the answers need comes
 * from Babel's parser (hovers/syntax.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Node } from '@babel/types';
import { batchErrors, CHECK_CHUNK, CHECK_MIN } from './batch-check.ts';
import { startLanguageServer, type LanguageServer, type Place, type ServerDiagnostic } from './language-server.ts';
import { configKeyPage, NAME_PAGES } from './name-pages.ts';
import { isDeclarationFile, isProjectFile, splitQueries, wrapSample, type SampleBlock } from './sample.ts';
import { writeSampleProject } from './sample-project.ts';
import { DeclarationFile } from './declaration-file.ts';
import { calleesOf, configPath, importsOf, interfaceParts, isLocalValue, isReference, localModulesOf, localValues, namesOf, outwardNames, ownerOf, parseSource, type NameNode } from './syntax.ts';
import { plainConfigCheck } from './plain-check.ts';

/**
 * The packages whose versions decide the hovers (the declarations, and TypeScript that reads
 * them): their locked versions are part of the pipeline's version (memo/code-version.ts), so a
 * new @rslib/core makes every cached hover stale.
 */
export const DECLARATION_PACKAGES = ['@rslib/core', '@rstest/core', '@rspress/core', '@types/node', 'typescript'] as const;

/** What TypeScript says about one name: its declaration, its JSDoc text and the tags readers need. */
export interface HoverInfo {
  /** The declaration as quick info prints it: `(property) LibConfig.format?: Format | undefined`. */
  signature: string;
  /** The JSDoc's summary (its first paragraph), links to web pages written as `{@link url text}`. */
  docs: string;
  /** `default` (also for `@defaultValue`), `deprecated` and `see` tags, in declaration order: [name, text]. */
  tags: Array<[string, string]>;
  /** The page that documents the name (hovers/name-pages.ts), English route, and after `#` the name as the page writes it, when it is a name of @rslib/core's config or API. */
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
  /**
   * Of a file read in a project of its own (sample.ts: isProjectFile), the imports of a file of
   * the project that is nowhere, placed alike: what it imports has no type to show [hover-module].
   */
  unresolved?: Array<{ line: number; column: number; message: string }>;
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
 * Samples in one sample project, and one language server over it: the server parses every file
 * of its project and keeps the types it made for each file it was asked about, so the samples
 * of a large site go through it a few thousand at a time (at 10,000 pages per language a single
 * project of 12,897 samples grew the server to 12.9 GiB). The names' answers are kept across
 * projects (Asker), so later projects ask about few.
 */
export const HOVER_CHUNK = 2500;

/**
 * Answers handed over at once, at most, as the server gives them: the pages waiting for them get
 * theirs while it goes on (the cache keeps them in packs of its own size: stages/hovers.ts, packer).
 */
const ANSWERS_AT_ONCE = 32;

/**
 * The hovers of each sample, handed to `onAnswers` by the key it was given, a batch at a time.
 * `root` is the project whose node_modules hold the declarations and TypeScript.
 *
 * A name's declaration is the same in every sample that names it the same way (an import, a
 * config key by its path: sharedDeclarationKey), so TypeScript's language server is asked about
 * it once, in the first sample (by key) that has it. A sample whose every name was asked about
 * in an earlier one, with no query and no name of its own, needs nothing of the server. The
 * samples' type errors, when they are many, are the compiler's, which checks them all at once
 * (batch-check.ts) on the other core while the server answers, for less CPU time than asking the
 * server file by file.
 */
export async function quickInfoOf(root: string, samples: ReadonlyMap<string, SampleBlock>, onAnswers: (answers: ReadonlyMap<string, SampleHovers>) => void): Promise<void> {
  // The answers are handed over, not kept: the hovers' worker held every one of them to its end,
  // beside the main thread's own. At 10,000 pages per language (31,939 samples' answers) its heap
  // grew to 618 MB by the end of the compile; without them it stays under 330 MB, falling back
  // at each sample project, and the process's peak there went from 2.3 to 2.0 GiB.
  const entries = [...samples];
  const asker = new Asker();
  const parts = Math.ceil(entries.length / HOVER_CHUNK);
  const size = Math.ceil(entries.length / Math.max(1, parts));
  for (let from = 0; from < entries.length; from += size) await quickInfoOfProject(root, asker, entries.slice(from, from + size), onAnswers);
}

/**
 * The hovers of these samples, written as one sample project, handed to `onAnswers` a few hundred
 * at a time, in the order given (the order the pages compile in, so that a page's answers are
 * there about when it is: stages/compile.ts); `asker` keeps what it learned for the next project.
 */
async function quickInfoOfProject(root: string, asker: Asker, entries: ReadonlyArray<[string, SampleBlock]>, onAnswers: (answers: ReadonlyMap<string, SampleHovers>) => void): Promise<void> {
  const project = writeSampleProject(root, 'hover-samples', entries.map(([key, sample]) => [`sample-${key}`, sample] as const));
  const checking: Array<Promise<void>> = [];
  // One compiler at a time: each holds every type it made until it exits (batch-check.ts).
  let compiler: Promise<unknown> = Promise.resolve();
  try {
    const read = entries.map(([key, sample], i) => readSample(key, sample, project.files[i]!.file, project.files[i]!.offset));
    asker.useProject(root, project.dir, read[0]!.file);
    // Slices of equal size: a last one of a few samples, under CHECK_MIN, would have the server
    // check them one file at a time (at 1,000 pages per language, 117 samples of the second project).
    const size = Math.ceil(read.length / Math.max(1, Math.ceil(read.length / CHECK_CHUNK)));
    for (let from = 0; from < read.length; from += size) {
      const slice = read.slice(from, from + size);
      // The slice's type errors: from one run of the compiler when they are many, beside the
      // server's answers (on the other core), else the server's, file by file (batch-check.ts).
      const checked = slice.filter((sample) => !sample.inProject);
      const batch = checked.length >= CHECK_MIN ? compiler.then(() => batchErrors(root, project.dir, checked.map((sample) => sample.file), plainForms(checked))) : null;
      if (batch) compiler = batch.catch(() => undefined);
      // Handed over a few at a time, in the order asked, each once its errors are known too: a
      // page waiting for its samples' answers gets them sooner.
      let handing = new Map<string, SampleHovers>();
      let handed: Promise<void> = Promise.resolve();
      const hand = (sample: ReadSample, asked: AskedSample) => {
        handed = handed.then(async () => {
          const errors = batch ? ((await batch).get(sample.file) ?? []) : asked.errors;
          handing.set(sample.key, withProblems(asked, errors, sample.offset));
          if (handing.size < ANSWERS_AT_ONCE) return;
          onAnswers(handing);
          handing = new Map();
        });
      };
      const answered = new Set<string>();
      const ask = async (sample: ReadSample, asking: Asking) => {
        answered.add(sample.key);
        hand(sample, await askAboutSample(asker, sample, asking));
      };
      // One question at a time, in the same order on every run. TypeScript answers from what it
      // has checked so far: asked many at once, a callback's parameter was sometimes `any` (its
      // call not yet checked), and two cold builds differed.
      for (const sample of slice.filter((one) => asker.mustAsk(one))) await ask(sample, batch ? 'resolve' : 'check');
      // A name its first sample found no declaration of (`index` of `source.entry`, a module not
      // installed) is shown as the server sees it where it is: its samples are asked about too.
      for (const sample of slice.filter((one) => !answered.has(one.key))) {
        // The others have every name's answer from an earlier sample already: where the compiler
        // checks them, nothing of theirs is resolved first.
        await ask(sample, !batch ? 'check' : (await asker.hasUndeclared(sample)) ? 'resolve' : 'names');
      }
      checking.push(
        handed.then(() => {
          if (handing.size) onAnswers(handing);
        }),
      );
    }
    await Promise.all(checking);
  } finally {
    // Every check settled (a failed one rejects above), then the server stops and the files go.
    await Promise.allSettled(checking);
    await asker.close();
    project.remove();
  }
}

/** The declaration of a name: its place, and the hover an editor shows there. */
interface Declared {
  place: Place;
  hover: string;
}

/** A shared name a sample has claimed (Asker.mustAsk), not yet asked about. */
const CLAIMED: Promise<Declared | undefined> = Promise.resolve({ place: { file: '', line: 0, character: 0 }, hover: '' });

/**
 * The questions asked of the server, each asked once: a declaration's hover is the same for
 * every sample that uses the name. Also the declaration files, read once (each statement
 * parsed when first asked about: declaration-file.ts).
 */
class Asker {
  private readonly hovers = new Map<string, Promise<string | null>>();
  private readonly files = new Map<string, DeclarationFile>();
  private readonly bases = new Map<string, Promise<Place | undefined>>();
  private readonly declarations = new Map<string, Promise<Declared | undefined>>();
  /** The project now asked about, and its server once started. */
  private project: { root: string; dir: string; first: string } | null = null;
  private server: Promise<LanguageServer> | null = null;

  /** The sample project's folder: its files are the samples, not declarations. */
  get projectDir(): string {
    return this.project?.dir ?? '';
  }

  /** Asks about the samples of this project from now on; its server starts when first needed. */
  useProject(root: string, dir: string, first: string): void {
    this.project = { root, dir, first };
  }

  /**
   * The language server of the project, started when first asked for. Asked first, alone, for
   * the errors of one of its files: the server opens the samples' project for it, and then knows
   * the declarations as files of that project (asked about one first, it would look for a
   * project of the declaration's own).
   */
  lsp(): Promise<LanguageServer> {
    if (!this.server) {
      const { root, first } = this.project!;
      this.server = startLanguageServer(root).then(async (server) => {
        await server.errors(first);
        return server;
      });
    }
    return this.server;
  }

  /** Stops the project's server, if it started; the answers learned stay. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.project = null;
    await (await server?.catch(() => null))?.close();
  }

  /**
   * Whether a sample must be asked about itself: a file of an example project (read in its
   * project), one with a `// ^?` query, or one with a name no other sample names alike
   * (sharedDeclarationKey). A sample that names something first claims it: the later ones with
   * the same names are answered from it.
   */
  mustAsk(sample: ReadSample): boolean {
    if (sample.inProject || sample.queries.length > 0) return true;
    let ask = false;
    for (const key of sample.keys) {
      if (key === null) return true;
      if (!this.declarations.has(key)) {
        this.declarations.set(key, CLAIMED);
        ask = true;
      }
    }
    return ask;
  }

  /** Whether a name of the sample, claimed by an earlier one, turned out to be declared nowhere (see quickInfoOfProject). */
  async hasUndeclared(sample: ReadSample): Promise<boolean> {
    for (const key of sample.keys) {
      const found = key === null ? undefined : this.declarations.get(key);
      if (found !== undefined && found !== CLAIMED && !(await found)) return true;
    }
    return false;
  }

  /** A declaration that is the same in every sample that names it the same way (sharedDeclarationKey), asked for once. */
  shared(key: string, ask: () => Promise<Declared | undefined>): Promise<Declared | undefined> {
    let found = this.declarations.get(key);
    if (!found || found === CLAIMED) this.declarations.set(key, (found = ask()));
    return found;
  }

  hoverAt(place: Place): Promise<string | null> {
    const key = `${place.file}:${place.line}:${place.character}`;
    let found = this.hovers.get(key);
    if (!found) this.hovers.set(key, (found = this.lsp().then((server) => server.hover(place))));
    return found;
  }

  /**
   * What the name is declared as, where the installed declarations declare it: inside a sample,
   * `defineConfig`'s const type parameters make every option's local type its literal value
   * (`format: "esm"`), without the option's JSDoc. A name declared many times shows the
   * declaration a reader learns most from: one with a summary (`var JSON` over `interface
   * JSON`), then the shortest (of overloads, which are counted as an editor counts them).
   */
  async declaredAt(place: Place): Promise<Declared | undefined> {
    const definitions = (await (await this.lsp()).definition(place)).filter((d) => isDeclarationFile(d.file) && !isAmbientFile(d.file, this.projectDir));
    const hovers: Array<string | null> = [];
    for (const definition of definitions) hovers.push(await this.withInheritedDocs(definition, await this.hoverAt(definition)));
    let best: Declared | undefined;
    const rank = (hover: string) => [infoOfHover(hover)?.docs ? 0 : 1, signatureOf(hover).length];
    hovers.forEach((hover, i) => {
      if (!hover) return;
      const [docs, length] = rank(hover);
      if (!best || docs! < rank(best.hover)[0]! || (docs === rank(best.hover)[0] && length! < rank(best.hover)[1]!)) best = { place: definitions[i]!, hover };
    });
    if (!best) return undefined;
    const kind = /^(function |\(method\) )/.exec(signatureOf(best.hover))?.[1];
    const overloads = kind ? hovers.filter((hover) => hover && signatureOf(hover).startsWith(kind)).length - 1 : 0;
    return overloads > 0 ? { ...best, hover: best.hover.replace(/\n```/, ` (+${overloads} overload${overloads > 1 ? 's' : ''})\n\`\`\``) } : best;
  }

  /**
   * A declaration's hover with the summary of the declaration it overrides when it has none of
   * its own, as TypeScript 6 gave it: Rslib redeclares Rsbuild's `output.minify` with its own
   * `@see` only, and its readers want Rsbuild's summary.
   */
  private async withInheritedDocs(place: Place, hover: string | null): Promise<string | null> {
    if (!hover || infoOfHover(hover)?.docs) return hover;
    const base = await this.baseDeclaration(place);
    const inherited = base && (await this.hoverAt(base));
    const docs = inherited && hoverParts(inherited)?.docs.trim();
    const own = hoverParts(hover);
    if (!docs || !own) return hover;
    return [`${own.fence}\n${docs}`, ...own.tags].join('\n\n');
  }

  /** The name declared at a place of a declaration file, with the nodes around it. */
  nameAt(place: Place): NameNode | undefined {
    let file = this.files.get(place.file);
    if (!file) this.files.set(place.file, (file = new DeclarationFile(readFileSync(place.file, 'utf8'), place.file)));
    return file.nameAt(place.line, place.character);
  }

  /**
   * Whether Rsbuild declares this key too, where Rslib only narrows it (`output` of a lib item):
   * then Rsbuild's pages document it, as the coverage check has it.
   */
  async isRsbuildKey(place: Place): Promise<boolean> {
    let base = await this.baseDeclaration(place);
    while (base && isRslibFile(base.file)) base = await this.baseDeclaration(base);
    return base !== undefined;
  }

  /**
   * The declaration a member overrides: the same name in a type its interface extends, followed
   * along their own bases (depth first, in the order they are written), or undefined.
   */
  baseDeclaration(place: Place): Promise<Place | undefined> {
    const key = `${place.file}:${place.line}:${place.character}`;
    let found = this.bases.get(key);
    if (!found) {
      const declared = this.nameAt(place);
      const owner = declared && ownerOf(declared);
      found = declared && owner ? this.memberOfBases(owner.node, place.file, declared.name, 4) : Promise.resolve(undefined);
      this.bases.set(key, found);
    }
    return found;
  }

  private async memberOfBases(node: Node, file: string, name: string, depth: number): Promise<Place | undefined> {
    if (depth === 0) return undefined;
    for (const base of interfaceParts(node).bases) {
      for (const place of await (await this.lsp()).definition({ file, line: base.line, character: base.column })) {
        const owner = this.nameAt(place)?.ancestors.at(-1);
        if (!owner) continue;
        const member = interfaceParts(owner).members.get(name);
        if (member) return { file: place.file, line: member.line, character: member.column };
        const further = await this.memberOfBases(owner, place.file, name, depth - 1);
        if (further) return further;
      }
    }
    return undefined;
  }
}

/**
 * Whether a file is one of the sample project's declarations of modules not installed (its own,
 * or a page's: sample-project.ts): `declare module 'x'` says nothing of what x's names are.
 */
const isAmbientFile = (file: string, projectDir: string) => path.basename(file) === 'ambient.d.ts' && file.startsWith(projectDir);

/** Whether a declaration file is @rslib/core's own (not Rsbuild's, which it re-exports and extends). */
const isRslibFile = (file: string) => /[\\/]@rslib[\\/]core[\\/]/.test(file);

/** A sample as its hovers are found: its file in the sample project, its names (those on lines a reader sees), imports and queries. */
interface ReadSample {
  key: string;
  /** Whether it is a file read in a project of its own (sample.ts: isProjectFile). */
  inProject: boolean;
  title: string | undefined;
  code: string;
  /** The sample's file, and the lines its wrapper adds above the code. */
  file: string;
  offset: number;
  /** The file as the compiler checks it plainly (plain-check.ts), or null: checked as written. */
  plain: string | null;
  names: NameNode[];
  onShownLines: NameNode[];
  imports: ReadonlyMap<string, { from: string; name: string }>;
  /** Of a file read in a project of its own, the files it takes names from (syntax.ts: localModulesOf). */
  modules: ReturnType<typeof localModulesOf>;
  queries: ReturnType<typeof splitQueries>['queries'];
  /** The line a reader sees of a line of the file, or -1. */
  shown: (line: number) => number;
  /** sharedDeclarationKey of each name asked about (those on shown lines, and the keys above them in a config); null for a name with none. */
  keys: Array<string | null>;
  /** The values the sample declares, where it is a module that is no declaration file (syntax.ts: localValues). */
  locals: ReadonlySet<string>;
}

/** Each sample's plain form by its file (batch-check.ts asks for them). */
function plainForms(samples: readonly ReadSample[]): (file: string) => string | null {
  const byFile = new Map(samples.map((sample) => [sample.file, sample.plain]));
  return (file) => byFile.get(file) ?? null;
}

function readSample(key: string, sample: SampleBlock, file: string, offset: number): ReadSample {
  const { shownLine, queries } = splitQueries(sample.code);
  const rawLines = sample.code.split('\n').length;
  const text = wrapSample(sample).text;
  const source = parseSource(text, file);
  const tree = source?.tree ?? null;
  const names = tree ? namesOf(tree) : [];
  const imports = tree ? importsOf(tree) : new Map<string, { from: string; name: string }>();
  const modules = tree && isProjectFile(sample) ? localModulesOf(tree) : [];
  const shown = (line: number) => (line - offset >= 0 && line - offset < rawLines ? shownLine[line - offset]! : -1);
  // A file a page shows beside the config (not an example project's) has hovers on the names it
  // imports and those it declares at its top level (its API), where it declares and uses them:
  // asking about every name of content/'s page files (locals, globals, members) took a cold
  // build from 17.7 to 22.1 CPU-seconds (tests/bench/site.bench.ts).
  const outward = sample.files !== undefined && tree ? outwardNames(tree) : null;
  const onShownLines = names.filter((name) => shown(name.line) >= 0 && (!outward || (outward.has(name.name) && isReference(name))));
  const keys = new Set<string | null>();
  for (const name of onShownLines) {
    keys.add(sharedDeclarationKey(name, imports));
    for (const above of configPath(name)?.keys ?? []) keys.add(sharedDeclarationKey(above, imports));
  }
  const locals = tree && !isDeclarationFile(file) ? localValues(tree) : new Set<string>();
  const plain = isProjectFile(sample) ? null : plainConfigCheck(text, file, source);
  return { key, inProject: isProjectFile(sample), title: sample.title, code: sample.code, file, offset, plain, names, onShownLines, imports, modules, queries, shown, keys: [...keys], locals };
}

/** What the server says of a sample (askAboutSample): its hovers, and its type errors when it was asked for them. */
interface AskedSample {
  hovers: Omit<SampleHovers, 'problems'>;
  errors: ServerDiagnostic[];
}

/** A sample's hovers with its type errors, placed in the code as written. */
function withProblems({ hovers }: AskedSample, errors: readonly ServerDiagnostic[], offset: number): SampleHovers {
  const problems = errors.map((error) => ({ line: Math.max(error.line - offset, 0) + 1, column: error.character + 1, message: `TS${error.code} ${messageOf(error.message)}` }));
  return { ...hovers, problems };
}

/**
 * What the server is asked of a sample besides its names: 'check', its type errors and what the
 * names' answers depend on (a callback's call, a module imported); 'resolve', only the latter (the
 * compiler finds its errors with many others: batch-check.ts); 'names', neither (a sample whose
 * every name was answered in an earlier one, checked by the compiler).
 */
type Asking = 'check' | 'resolve' | 'names';

/** The hovers of a sample, and its type errors when the server is asked to check it (Asking). */
async function askAboutSample(asker: Asker, sample: ReadSample, asking: Asking): Promise<AskedSample> {
  const { file, offset, names, onShownLines, imports, queries, shown } = sample;
  const placeOf = (line: number, character: number): Place => ({ file, line, character });
  // Each name's declaration, asked for once: the pages need the declaration of a key's top key too.
  const declared = new Map<number, Promise<Declared | undefined>>();
  const declarationOf = (name: NameNode) => {
    let found = declared.get(name.node.start!);
    if (!found) {
      const shared = sharedDeclarationKey(name, imports);
      const ask = () => asker.declaredAt(placeOf(name.line, name.column));
      // A value of the sample's own is declared in the sample, not in the declarations: nothing to ask.
      declared.set(name.node.start!, (found = shared ? asker.shared(shared, ask) : isLocalValue(name, sample.locals) ? Promise.resolve(undefined) : ask()));
    }
    return found;
  };
  // A sample's calls that pass a callback are resolved first (asked about where they are called,
  // syntax.ts: calleesOf): a callback's parameter asked about before the call it is passed to
  // was resolved is `any` to TypeScript's language service, and the names are asked about in an
  // order that leaves most calls out (each name of a config, each import, is asked about once).
  // Asking about every call took a fifth of the stage's time for the same answers. Its type
  // errors are no part of that: TypeScript 7's server checks a file for them on a checker of its
  // own, and content/'s records were the same without asking for them.
  // A file of an example project is proven by building the project (check:samples), and one
  // the page shows beside it is a part of what the page explains: their errors are not the
  // page's, but an import that resolves nowhere leaves its names without types.
  let errors: ServerDiagnostic[] = [];
  const unresolved: SampleHovers['problems'] = [];
  // A file with no name to ask about (see readSample), no query, and nothing from a file of its project: nothing to ask.
  if (asking !== 'names' && (!sample.inProject || onShownLines.length > 0 || queries.length > 0 || sample.modules.length > 0)) {
    const server = await asker.lsp();
    if (!sample.inProject && asking === 'check') errors = await server.errors(file);
    if (onShownLines.length > 0 || queries.length > 0) for (const callee of calleesOf(names)) await server.hover(placeOf(callee.line, callee.column));
    // Where a module it takes names from is: nowhere, and they have no type. Asked of each
    // import rather than of the whole file's errors, which would check all of it. For a module it
    // did not find, TypeScript's server names the path written, which is no file.
    for (const module of sample.modules) {
      const found = await server.definition(placeOf(module.line, module.column));
      if (!found.some((place) => existsSync(place.file))) unresolved.push({ line: module.line - offset + 1, column: module.column, message: `Cannot find module '${module.specifier}'.` });
    }
  }
  const answers: Array<HoverInfo | null> = [];
  for (const name of onShownLines) {
    const declaration = await declarationOf(name);
    const hover = declaration?.hover ?? (await asker.hoverAt(placeOf(name.line, name.column)));
    const info = hover ? infoOfHover(hover) : null;
    const page = info && (await documentingPage(asker, name, declaration, hover!, imports, declarationOf));
    answers.push(info && (page ? { ...info, page } : info));
  }
  const lines = sample.code.split('\n');
  const queryAnswers: Array<Omit<HoverInfo, 'page'> | null> = [];
  for (const query of queries) {
    // A query asks for the type where it is, as the sample narrows it.
    const hover = query.column < (lines[query.rawLine] ?? '').length ? await asker.hoverAt(placeOf(query.rawLine + offset, query.column)) : null;
    queryAnswers.push(hover ? infoOfHover(hover) : null);
  }
  const infos: HoverInfo[] = [];
  const known = new Map<string, number>();
  const indexOf = (info: HoverInfo) => {
    const id = JSON.stringify(info);
    let index = known.get(id);
    if (index === undefined) {
      index = infos.length;
      infos.push(info);
      known.set(id, index);
    }
    return index;
  };
  const hoverNames: SampleHovers['names'] = [];
  onShownLines.forEach((name, i) => {
    if (answers[i]) hoverNames.push([shown(name.line), name.column, name.name.length, indexOf(answers[i])]);
  });
  const answered: SampleHovers['queries'] = [];
  queries.forEach((query, i) => {
    if (queryAnswers[i]) answered.push([query.line, query.column, indexOf(queryAnswers[i])]);
  });
  return { hovers: { names: hoverNames, queries: answered, infos, ...(unresolved.length && { unresolved }) }, errors };
}

/** The import a name is, or uses (an import specifier, or a reference to its binding), or undefined. */
function importedAs(name: NameNode, imports: ReadonlyMap<string, { from: string; name: string }>): { from: string; name: string } | undefined {
  return isReference(name) || name.ancestors.at(-1)?.type === 'ImportSpecifier' ? imports.get(name.name) : undefined;
}

/**
 * What makes a name's declaration the same in every sample, when something does: an import of
 * a package's name, and a use of it (samples do not shadow their imports), or a key of a config
 * by its path from the `defineConfig` of the package it is imported from (`lib.format` of
 * @rslib/core's). Most names of the samples are one of these, and each is asked about once.
 */
function sharedDeclarationKey(name: NameNode, imports: ReadonlyMap<string, { from: string; name: string }>): string | null {
  const imported = importedAs(name, imports);
  if (imported) return `import\0${imported.from}\0${imported.name}`;
  const inConfig = configPath(name);
  const from = imports.get('defineConfig');
  return inConfig && from?.name === 'defineConfig' ? `config\0${from.from}\0${inConfig.path.join('\0')}` : null;
}

/**
 * The page that documents a name of a sample (hovers/name-pages.ts, the coverage check's rules):
 * a key of the config by its place in the config, an export of @rslib/core, a method of its
 * instance. Null for anything else (a local variable, a Node.js API).
 */
async function documentingPage(
  asker: Asker,
  name: NameNode,
  declared: Declared | undefined,
  /** The hover shown for the name: its declaration's, or the sample's own for a name the declarations do not declare (`import * as Rsbuild`). */
  hover: string,
  imports: ReadonlyMap<string, { from: string; name: string }>,
  declarationOf: (name: NameNode) => Promise<Declared | undefined>,
): Promise<string | null> {
  // An import of @rslib/core, or a use of one: an export, at its heading on the core page (values) or its row on the types page.
  const imported = importedAs(name, imports);
  if (imported) {
    if (imported.from !== '@rslib/core') return null;
    return `${/^(?:\(alias\) )?(?:type|interface) /.test(signatureOf(hover)) ? NAME_PAGES.types : NAME_PAGES.core}#${imported.name}`;
  }
  if (!declared || !isRslibFile(declared.place.file)) {
    // A key of the config that Rsbuild declares.
    return configPagePath(asker, name, declared, declarationOf);
  }
  // A method of the instance createRslib returns.
  const declaration = asker.nameAt(declared.place);
  if (declaration && ownerOf(declaration)?.name === 'RslibInstance') return `${NAME_PAGES.instance}#${name.name}`;
  return configPagePath(asker, name, declared, declarationOf);
}

/**
 * A key of the config: its path up to the argument of defineConfig. Whether it is a lib option
 * or Rsbuild's is decided by its top key (`output` of `output.target`), as the installed
 * declarations declare it (in a sample, the key's own type is its literal value).
 */
async function configPagePath(
  asker: Asker,
  name: NameNode,
  declared: Declared | undefined,
  declarationOf: (name: NameNode) => Promise<Declared | undefined>,
): Promise<string | null> {
  const found = configPath(name);
  if (!found || !declared) return null;
  const declarationOfKey = (key: NameNode) => (key.node === name.node ? Promise.resolve(declared) : declarationOf(key));
  const isLibOption = async (key: Declared | undefined) => !!key && isRslibFile(key.place.file) && !(await asker.isRsbuildKey(key.place));
  const top = await declarationOfKey(found.top);
  if (!top) return null;
  if (await isLibOption(top)) return configKeyPage(found.path, true);
  // A key Rslib adds under an Rsbuild key (`output.autoExternal`) is a lib option, on its page.
  const under = found.keys.indexOf(found.top) + 1;
  if (found.keys[under] && (await isLibOption(await declarationOfKey(found.keys[under]!)))) return configKeyPage(found.path.slice(under), true);
  return configKeyPage(found.path, false);
}

/**
 * A hover's markdown, as the server writes it, in its parts: the declaration's fenced block (and
 * the declaration), the JSDoc, then each tag as `*@name* — text`.
 */
function hoverParts(hover: string): { fence: string; signature: string; docs: string; tags: string[] } | null {
  const match = /^(```\w*\n([\s\S]*?)\n```)\n?([\s\S]*)$/.exec(hover);
  if (!match) return null;
  const [docs = '', ...tags] = match[3]!.split(/(?:^|\n\n)(?=\*@\w+\*)/);
  return { fence: match[1]!, signature: match[2]!.trim(), docs, tags };
}

/** The declaration a hover shows: its fenced block. */
const signatureOf = (hover: string) => hoverParts(hover)?.signature ?? '';

/**
 * A hover as the record keeps it. The server writes it as markdown: the declaration in a fenced
 * block, the JSDoc, then each tag as `*@name* — text`; links as markdown links.
 */
export function infoOfHover(hover: string): Omit<HoverInfo, 'page'> | null {
  const parts = hoverParts(hover);
  if (!parts?.signature) return null;
  const tags: Array<[string, string]> = [];
  for (const block of parts.tags) {
    const tag = /^\*@(\w+)\*(?: — )?([\s\S]*)$/.exec(block);
    const shownAs = tag && SHOWN_TAGS[tag[1]!];
    if (shownAs) tags.push([shownAs, linkedText(tag[2]!)]);
  }
  return {
    signature: shortSignature(parts.signature),
    // The summary: the first paragraph (Node.js's own declarations go on with pages of examples).
    docs: linkedText(parts.docs).split(/\n\s*\n/)[0]!.trim(),
    tags,
  };
}

/**
 * Markdown links as the record keeps them: a web page's as `{@link url text}` (the record turns
 * them into links, ours into the page's language), a link into a declaration file as its text.
 */
function linkedText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, text: string, target: string) => {
      if (!/^https?:\/\//.test(target)) return text;
      // A label in code (`environ(7)`) is shown as the link's text.
      const label = text.replace(/`/g, '');
      return label === target || !label ? `{@link ${target}}` : `{@link ${target} ${label}}`;
    })
    .trim();
}

/**
 * A diagnostic's message as check:samples prints tsc's: the first line, and the innermost one,
 * which says what is wrong ("'formatt' does not exist in type 'LibConfig'").
 */
function messageOf(message: string): string {
  const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.length > 1 ? `${lines[0]} ${lines.at(-1)}` : (lines[0] ?? '');
}

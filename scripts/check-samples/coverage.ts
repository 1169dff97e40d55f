/**
 * Nothing the package offers goes undocumented: every name @rslib/core's declarations offer a
 * reader, and every command `rslib -h` lists, must have a heading or a table row of its own (the
 * name in inline code in the heading or the row's first cell) on the page where readers look for
 * it, in both languages [coverage-undocumented]:
 * - each value the package exports (createRslib, loadEnv, version…) on the core API page; each type
 *   it exports (the `Rsbuild` namespace and the types re-exported from Rsbuild too) on the types page;
 * - each method of `RslibInstance` on the instance page; each field of `CreateRslibOptions` on the
 *   core page, inside the section of `createRslib`;
 * - each key of `LibConfig` and of `RslibConfig` that Rslib declares (the shared lib keys at the top
 *   level too) on its page /config/lib/<kebab-case key>, whose title names it (`lib.umdName`);
 *   `lib` itself on the Config overview;
 * - each key they take from Rsbuild's types (`RsbuildConfig`, `EnvironmentConfig`) on its page
 *   /config/rsbuild/<kebab-case key>, or as a row of the Rsbuild config overview that links to where
 *   it is explained or says why it does not apply to a library ("Not applicable" / "不适用");
 * - each `rslib` command as a heading of the CLI page (`## rslib build`).
 * So an export, option or command a new Rslib adds fails the check until a page explains it, with
 * the place it is declared. A construct the declaration reader cannot follow is a problem too
 * [coverage-declarations].
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Heading, InlineCode, TableRow } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { parse } from '../../pipeline/compile/parse.ts';
import { Diagnostics } from '../../pipeline/diagnostics.ts';
import { LANGS } from '../../pipeline/routes.ts';
import { libKeyPage, NAME_PAGES, rsbuildKeyPage } from '../../pipeline/hovers/name-pages.ts';
import type { Problem } from './collect.ts';
import { DeclarationError, DeclarationReader, packageDirOf, type DeclaredPlace, type Member } from './declarations.ts';

/** Where readers look for each kind of name (routes of the English site; the zh twin is checked alike): the rules the hovers and search use too. */
export const COVERAGE_ROUTES = NAME_PAGES;

/** The text that marks a row of the Rsbuild config overview as an option that does not apply to a library. */
const NOT_APPLICABLE = /not applicable|不适用/i;

export type CoverageGroup = 'exports' | 'instance methods' | 'CreateRslibOptions fields' | 'config keys' | 'commands';

/** How a name may be documented on a page. */
type Way =
  /** A heading or table row naming it; `within`: only in the section of the heading naming that; `besides`: not in the section of a heading naming one of these. */
  | { route: string; kind: 'entry'; within?: string; besides?: string[] }
  /** The page is its own: its title names it (`output`, `lib.umdName`). */
  | { route: string; kind: 'page' }
  /** A row of an overview table that links to its explanation or says why it does not apply. */
  | { route: string; kind: 'overview-row' };

interface Expected {
  name: string;
  /** What it is, for the message: "value exported by @rslib/core". */
  what: string;
  group: CoverageGroup;
  /** Where it is declared; null for a command, which the CLI page of each language answers for. */
  place: DeclaredPlace | null;
  ways: Way[];
}

export interface CoverageReport {
  problems: Problem[];
  counts: Record<CoverageGroup, number>;
  undocumented: number;
}

/** Every name the package's declarations (`entry`, its index.d.ts) and CLI offer, with where it must be documented. */
export function expectedNames(entry: string, commands: string[]): Expected[] {
  const reader = new DeclarationReader();
  const ownPackage = packageDirOf(entry);
  const exported = reader.exportsOf(entry);
  const values = exported.filter((name) => name.kind === 'value').map((name) => name.name);
  const types = exported.filter((name) => name.kind === 'type').map((name) => name.name);
  const expected: Expected[] = exported.map((name) => ({
    name: name.name,
    what: `${name.kind} exported by @rslib/core`,
    group: 'exports' as const,
    place: name,
    ways: [name.kind === 'value' ? { route: COVERAGE_ROUTES.core, kind: 'entry', besides: values } : { route: COVERAGE_ROUTES.types, kind: 'entry', besides: types }],
  }));
  for (const method of reader.membersOf(entry, 'RslibInstance')) {
    expected.push({ name: method.name, what: 'method of RslibInstance', group: 'instance methods', place: method, ways: [{ route: COVERAGE_ROUTES.instance, kind: 'entry' }] });
  }
  for (const field of reader.membersOf(entry, 'CreateRslibOptions')) {
    expected.push({ name: field.name, what: 'field of CreateRslibOptions', group: 'CreateRslibOptions fields', place: field, ways: [{ route: COVERAGE_ROUTES.core, kind: 'entry', within: 'createRslib' }] });
  }
  const libKeys = reader.membersOf(entry, 'LibConfig');
  const libKeyNames = new Set(libKeys.map((key) => key.name));
  const configKeys = new Map<string, Expected>();
  for (const [key, of] of [...libKeys.map((key) => [key, 'LibConfig'] as const), ...reader.membersOf(entry, 'RslibConfig').map((key) => [key, 'RslibConfig'] as const)]) {
    if (configKeys.has(key.name)) continue;
    configKeys.set(key.name, { name: key.name, what: `key of ${of}`, group: 'config keys', place: key, ways: waysOfConfigKey(key, ownPackage, libKeyNames) });
  }
  expected.push(...configKeys.values());
  for (const command of commands) {
    expected.push({ name: `rslib ${command}`, what: 'command `rslib -h` lists', group: 'commands', place: null, ways: [{ route: COVERAGE_ROUTES.cli, kind: 'entry' }] });
  }
  return expected;
}

function waysOfConfigKey(key: Member, ownPackage: string, libKeys: Set<string>): Way[] {
  // A key any Rsbuild type declares is an Rsbuild option, even where Rslib narrows it (`output`).
  if (key.declaredBy.some((dir) => dir !== ownPackage)) {
    return [
      { route: rsbuildKeyPage(key.name), kind: 'page' },
      { route: COVERAGE_ROUTES.rsbuildOverview, kind: 'overview-row' },
    ];
  }
  if (libKeys.has(key.name)) return [{ route: libKeyPage(key.name), kind: 'page' }];
  return [{ route: COVERAGE_ROUTES.configOverview, kind: 'entry' }];
}

/** A heading or table row of a page, with the names it gives in inline code. */
interface Entry {
  kind: 'heading' | 'row';
  names: Set<string>;
  line: number;
  /** Headings: depth, and the line where its section ends (exclusive). */
  depth: number;
  end: number;
  /** Rows: whether the row links anywhere, and the text of its other cells. */
  links: boolean;
  rest: string;
}

interface PageIndex {
  title: string | null;
  entries: Entry[];
}

/** The names an inline code span gives: `createRslib`, `build(options?)`, `rslib.build()`, `lib.umdName`, `rslib build`. */
export function namesInCode(code: string): string[] {
  const whole = code.trim();
  const head = whole.split(/[\s(<:?]/)[0]!;
  const names = new Set([whole, head]);
  const dot = head.lastIndexOf('.');
  if (dot > 0 && !head.slice(0, dot).includes('.')) names.add(head.slice(dot + 1));
  return [...names].filter(Boolean);
}

function indexPage(file: string, source: string): PageIndex {
  // As the pipeline reads a page: its frontmatter title, else its first heading (a broken frontmatter is the build's to report).
  const { tree, frontmatter } = parse(file, source, new Diagnostics());
  const entries: Entry[] = [];
  const codeIn = (node: Heading | TableRow['children'][number], spans: number) => {
    const codes: string[] = [];
    visit(node, 'inlineCode', (code: InlineCode) => {
      codes.push(code.value);
    });
    return new Set(codes.slice(0, spans).flatMap(namesInCode));
  };
  let title: string | null = frontmatter.title ?? null;
  visit(tree, (node) => {
    if (node.type === 'heading') {
      const heading = node as Heading;
      if (heading.depth === 1 && title === null) title = toString(heading).trim();
      const names = codeIn(heading, Infinity);
      // A command's heading may read `rslib build` in plain text, as the CLI page's do.
      const text = toString(heading).replace(/\s*\{#[^}]*\}\s*$/, '').trim();
      if (/^rslib [\w-]+$/.test(text)) names.add(text);
      entries.push({ kind: 'heading', names, line: heading.position!.start.line, depth: heading.depth, end: Infinity, links: false, rest: '' });
    } else if (node.type === 'table') {
      const [, ...body] = (node as { children: TableRow[] }).children;
      for (const row of body) {
        const [first, ...others] = row.children;
        if (!first) continue;
        let links = false;
        visit(row, 'link', () => {
          links = true;
        });
        // A row of its own: its first cell's first code span is what it documents (`--format <format>`, not a list of options).
        entries.push({ kind: 'row', names: codeIn(first, 1), line: row.position!.start.line, depth: 0, end: 0, links, rest: others.map((cell) => toString(cell)).join(' ') });
      }
    }
  });
  const headings = entries.filter((entry) => entry.kind === 'heading');
  for (const heading of headings) heading.end = headings.find((next) => next.line > heading.line && next.depth <= heading.depth)?.line ?? Infinity;
  return { title, entries };
}

const inSection = (heading: Entry, entry: Entry) => entry.line > heading.line && entry.line < heading.end;

/** Why a way does not document `name` on a page, or null when it does. */
function unmet(name: string, way: Way, page: PageIndex): string | null {
  if (way.kind === 'page') {
    const title = page.title?.replace(/`/g, '').trim();
    return title === name || title === `lib.${name}` ? null : `the page's title is not \`${name}\``;
  }
  const naming = page.entries.filter((entry) => entry.names.has(name));
  if (way.kind === 'overview-row') {
    const rows = naming.filter((entry) => entry.kind === 'row');
    if (rows.length === 0) return 'no table row names it';
    const explained = rows.some((row) => row.links || (NOT_APPLICABLE.test(row.rest) && row.rest.replace(NOT_APPLICABLE, '').replace(/[\s\p{P}]/gu, '').length >= 10));
    return explained ? null : 'its table row neither links to an explanation nor says why it does not apply';
  }
  const sectionsOf = (names: string[]) => page.entries.filter((entry) => entry.kind === 'heading' && names.some((other) => entry.names.has(other)));
  let found = naming;
  if (way.within) {
    const owners = sectionsOf([way.within]);
    found = found.filter((entry) => owners.some((owner) => inSection(owner, entry)));
    if (found.length === 0) return `no heading or table row names it in the section of \`${way.within}\``;
  }
  if (way.besides) {
    const others = sectionsOf(way.besides.filter((other) => other !== name));
    found = found.filter((entry) => !others.some((other) => inSection(other, entry)));
  }
  return found.length ? null : 'no heading or table row of its own names it';
}

function pageFile(contentDir: string, lang: string, route: string): string {
  return path.join(contentDir, lang, route.endsWith('/') ? `${route}index.md` : `${route}.md`);
}

/**
 * The names of the package whose declarations start at `entry` (and the `commands` of its CLI)
 * that the pages under `contentDir` leave undocumented.
 */
export function checkCoverage(entry: string, commands: string[], contentDir: string, root: string): CoverageReport {
  const counts: Record<CoverageGroup, number> = { exports: 0, 'instance methods': 0, 'CreateRslibOptions fields': 0, 'config keys': 0, commands: 0 };
  const relative = (file: string) => path.relative(root, file);
  let expected: Expected[];
  try {
    expected = expectedNames(entry, commands);
  } catch (error) {
    if (!(error instanceof DeclarationError)) throw error;
    const { file, line, column } = error.place;
    return { problems: [{ file: relative(file), line, column, message: error.message, rule: 'coverage-declarations' }], counts, undocumented: 0 };
  }
  const pages = new Map<string, PageIndex | null>();
  const pageAt = (file: string) => {
    if (!pages.has(file)) pages.set(file, existsSync(file) ? indexPage(file, readFileSync(file, 'utf8')) : null);
    return pages.get(file)!;
  };
  const problems: Problem[] = [];
  const undocumented = new Set<Expected>();
  for (const name of expected) {
    counts[name.group]++;
    for (const lang of LANGS) {
      const reasons: string[] = [];
      for (const way of name.ways) {
        const page = pageAt(pageFile(contentDir, lang, way.route));
        const why = page ? unmet(name.name, way, page) : 'no such page';
        if (why === null) break;
        reasons.push(`${way.route}: ${why}`);
      }
      if (reasons.length < name.ways.length) continue;
      undocumented.add(name);
      const routes = name.ways.map((way) => way.route).join(' or ');
      const place = name.place ?? { file: pageFile(contentDir, lang, name.ways[0]!.route), line: 1, column: 1 };
      problems.push({
        file: relative(place.file),
        line: place.line,
        column: place.column,
        message: `\`${name.name}\` (${name.what}) is not documented on ${routes} in ${lang} (${reasons.join('; ')})`,
        rule: 'coverage-undocumented',
      });
    }
  }
  return { problems, counts, undocumented: undocumented.size };
}

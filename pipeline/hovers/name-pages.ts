/**
 * Which page documents a name of @rslib/core: one set of rules for the three that need it. The
 * coverage check of `npm run check:samples` (scripts/check-samples/coverage.ts) fails when a name
 * is missing from its page; the hovers link each name of a sample to its page; search puts that
 * page first for a query that is exactly the name (pipeline/search/exact-names.ts). Routes are
 * the English site's, without a language prefix; pure.
 */

/** Where readers look for each kind of name. */
export const NAME_PAGES = {
  /** Values @rslib/core exports, and the options of createRslib. */
  core: '/api/javascript-api/core',
  /** Methods of the instance createRslib returns. */
  instance: '/api/javascript-api/instance',
  /** Types @rslib/core exports. */
  types: '/api/javascript-api/types',
  /** `lib` itself, and top-level keys that are neither lib options nor Rsbuild's. */
  configOverview: '/config/',
  rsbuildOverview: '/config/rsbuild/',
  /** `rslib` commands. */
  cli: '/guide/basic/cli',
} as const;

/** The pages whose name-only headings document a name (English routes, without a language prefix). */
const NAME_ROUTES = new Set<string>([NAME_PAGES.core, NAME_PAGES.instance, NAME_PAGES.types, NAME_PAGES.cli]);

/** Whether readers look for names on the page at this route (English, without a language prefix): the API pages, the CLI page, the config pages. */
export const isNamePage = (route: string) => NAME_ROUTES.has(route) || route.startsWith('/config/lib/') || route.startsWith('/config/rsbuild/');

/**
 * The pages whose table rows document names, each such row with the name's anchor
 * (markdown/name-rows.ts): the types page (`RslibConfig`), the config overview (`lib`), and the
 * Rsbuild overview, whose rows are also the top-level Rsbuild keys without a page of their own
 * (`server`, `mode`).
 */
export const NAME_ROW_PAGES: readonly string[] = [NAME_PAGES.types, NAME_PAGES.configOverview, NAME_PAGES.rsbuildOverview];

/**
 * The flags a table cell of the CLI page names, as written (`-c, --config <config>` → `-c`,
 * `--config`; `--bundle`, `--no-bundle`), or none when it holds anything else: each flag of a
 * command has its row there, the row of its names (markdown/name-rows.ts).
 */
export function flagsOf(cell: string): string[] {
  const text = cell.trim().replace(/\s*<[^>]*>/g, '');
  const parts = text.split(/\s*,\s*/);
  return parts.every((part) => /^--?[a-z][\w-]*$/.test(part)) ? parts : [];
}

/** The anchor of a flag's row: its long name's (`--config`), or its only name's. */
export const flagAnchor = (flags: readonly string[]) => nameAnchor(flags.find((flag) => flag.startsWith('--')) ?? flags[0]!);

/** Whether a text is a name as code writes it: one identifier, no dots or calls (`RslibConfig`). */
export const isIdentifier = (text: string) => /^[A-Za-z_$][\w$]*$/.test(text);

/** `umdName` → `umd-name`: a config key's page name. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The page of a lib option (`format` → /config/lib/format). */
export const libKeyPage = (key: string) => `/config/lib/${kebab(key)}`;

/** The page of a top-level Rsbuild key (`output` → /config/rsbuild/output). */
export const rsbuildKeyPage = (key: string) => `/config/rsbuild/${kebab(key)}`;

/**
 * A heading's id as the pages give it when the heading is only a name in code (`## loadEnv`,
 * `### output.target`, `## rslib build`): lower case, dots dropped, spaces as dashes.
 */
export const nameAnchor = (name: string) => name.toLowerCase().replace(/\./g, '').replace(/\s+/g, '-');

/**
 * Where a key of a config is documented: `path` is its place from the config's top
 * (`['lib', 'format']`, `['output', 'target']`, `['lib', 'dts', 'bundle']`), `declaredByRslib`
 * whether @rslib/core declares it (a lib option) rather than Rsbuild. A lib item's keys are
 * documented as the same keys at the top level; a nested key under its top key's page, after
 * `#` as its name is written (`dts.bundle`): the link goes to the deepest heading the page has
 * for it (nameAnchors).
 */
export function configKeyPage(path: readonly string[], declaredByRslib: boolean): string | null {
  if (path.length === 0) return null;
  if (path.length === 1 && path[0] === 'lib') return NAME_PAGES.configOverview;
  const key = path[0] === 'lib' ? path.slice(1) : path;
  const page = declaredByRslib ? libKeyPage(key[0]!) : rsbuildKeyPage(key[0]!);
  return key.length === 1 ? page : `${page}#${key.join('.')}`;
}

/**
 * The ids a link to a name may go to, the most precise first: the name's heading, then those of
 * its dotted parents (`dts.bundle.bundledPackages`, `dts.bundle`, `dts`), as name-only headings get them.
 */
export function nameAnchors(name: string): string[] {
  const parts = name.split('.');
  return parts.map((_, i) => nameAnchor(parts.slice(0, parts.length - i).join('.')));
}

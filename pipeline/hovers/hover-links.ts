/**
 * The links of a page's hover texts made final, from the pages they lead to as they are now: a
 * name's link goes to the heading that documents it on its page (the deepest one the page has
 * for the name, by the heading's text: its id is whatever the page gives it, `{#id}` included),
 * and a link of the declaration's documentation to one of our pages keeps its anchor when the
 * page has it, or goes to the heading of the name that anchor was made from. On a Chinese page,
 * a name's hover shows the first sentence our page gives for it there. A link that leads nowhere
 * is a problem at the sample's place, like any dead link of a page. Pure.
 */
import { createHash } from 'node:crypto';
import type { HoverTarget, ResolvedHovers } from './hover-hast.ts';
import { NAME_PAGES, nameAnchor } from './name-pages.ts';
import type { NameSection } from './name-sections.ts';

/** What a hover link needs of a page of the site: its ids, and the names it documents. */
export interface LinkedPage {
  ids: readonly string[];
  names: readonly NameSection[];
}

/** A page of the site by its route (with its language prefix), or undefined when there is none. */
export type PageOf = (routePath: string) => LinkedPage | undefined;

export interface HoverLinkProblem {
  target: HoverTarget;
  message: string;
  rule: 'dead-link' | 'dead-anchor';
}

/** Digests made, by the resolved links (never changed once made; a dev session keeps an unchanged page's). */
const digests = new WeakMap<ResolvedHovers, string>();

/** What says whether a page's hover links changed: a digest of where they go and what they show. */
export function hoverDigestOf(resolved: ResolvedHovers): string {
  let digest = digests.get(resolved);
  if (digest === undefined) digests.set(resolved, (digest = createHash('sha256').update(JSON.stringify(resolved)).digest('hex').slice(0, 32)));
  return digest;
}

/**
 * Whether `known` (pages by route, null for a route with no page, as a run from every page saw
 * them: BuildState.linkPages) knows every page the targets' links depend on: each target's
 * route, and the Rsbuild overview where an Rsbuild key's page is missing.
 */
export function knowsTargets(targets: readonly HoverTarget[], prefix: string, known: Readonly<Record<string, LinkedPage | null>>): boolean {
  return targets.every(({ target }) => {
    const route = `${prefix}${routeOfTarget(target)}`;
    if (!(route in known)) return false;
    return known[route] !== null || !route.startsWith(`${prefix}${NAME_PAGES.rsbuildOverview}`) || `${prefix}${NAME_PAGES.rsbuildOverview}` in known;
  });
}

const routeOfTarget = (target: string) => target.slice(target.indexOf(':') + 1).split('#')[0]!;

/** Each target's href and sentence on a page whose routes start with `prefix` ('' or '/zh'). */
export function resolveHoverLinks(targets: readonly HoverTarget[], prefix: string, pageOf: PageOf): { resolved: ResolvedHovers; problems: HoverLinkProblem[] } {
  const resolved: ResolvedHovers = { hrefs: [], summaries: [] };
  const problems: HoverLinkProblem[] = [];
  for (const target of targets) {
    const kind = target.target.slice(0, target.target.indexOf(':'));
    const [route = '', after] = target.target.slice(kind.length + 1).split('#');
    const result = kind === 'name' ? nameLink(route, after ?? '', prefix, pageOf) : pageLink(route, after, prefix, pageOf);
    resolved.hrefs.push(result.href);
    resolved.summaries.push(result.summary ?? null);
    if (result.problem) problems.push({ target, ...result.problem });
  }
  return { resolved, problems };
}

interface Link {
  href: string;
  summary?: string | null;
  problem?: Omit<HoverLinkProblem, 'target'>;
}

/**
 * A name's page (`route`, English) at the deepest heading it has for the name or its dotted
 * parents (`dts.bundle.bundledPackages`, `dts.bundle`, `dts`; a config page's title `lib.dts`
 * names `dts`), with the sentence the page gives there. An Rsbuild key without a page of its own
 * is a row of the Rsbuild overview.
 */
function nameLink(route: string, name: string, prefix: string, pageOf: PageOf): Link {
  const page = pageOf(`${prefix}${route}`);
  if (!page) {
    const overview = `${prefix}${NAME_PAGES.rsbuildOverview}`;
    if (route.startsWith(NAME_PAGES.rsbuildOverview) && pageOf(overview)) return { href: overview };
    return { href: `${prefix}${route}`, problem: { message: `Hover link${name ? ` of \`${name}\`` : ''} to ${prefix}${route}: the site has no such page`, rule: 'dead-link' } };
  }
  const parts = name ? name.split('.') : [];
  for (let end = parts.length; end > 0; end--) {
    const candidate = parts.slice(0, end).join('.');
    const section = page.names.find((known) => known.name === candidate || (known.id === null && known.name === `lib.${candidate}`));
    if (section) return { href: `${prefix}${route}${section.id ? `#${section.id}` : ''}`, summary: section.summary || null };
  }
  // The page is the name's own (`lib.format` for `format`): its title names it.
  const own = parts.length === 0 ? page.names.find((known) => known.id === null) : undefined;
  return { href: `${prefix}${route}`, summary: own?.summary || null };
}

/** A link of a declaration's documentation to our page `route`: its anchor as the page has it, or the heading of the name the anchor was made from. */
function pageLink(route: string, anchor: string | undefined, prefix: string, pageOf: PageOf): Link {
  const href = `${prefix}${route}`;
  const page = pageOf(href);
  if (!page) return { href, problem: { message: `Hover link to ${href}: the site has no such page`, rule: 'dead-link' } };
  if (!anchor || page.ids.includes(anchor)) return { href: anchor ? `${href}#${anchor}` : href };
  const section = page.names.find((known) => known.id !== null && nameAnchor(known.name) === anchor);
  if (section) return { href: `${href}#${section.id}` };
  return { href: `${href}#${anchor}`, problem: { message: `Hover link to ${href}#${anchor}: the page has no heading with that id`, rule: 'dead-anchor' } };
}

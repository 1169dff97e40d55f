/**
 * dist-data/names.json (schemas/names.ts): every name of Rslib our pages document, read from the
 * pages themselves: the names their titles, headings and table rows give (hovers/name-sections.ts),
 * each with its declaration as the hovers print it, taken from the samples of its own page
 * (PageSummary.nameInfos) or, for an export of @rslib/core, from the probe of its exports
 * (hovers/exports-probe.ts), its place in both languages, and those samples. A tool answers "what is
 * `dts.bundle`" from it without TypeScript. A name of a config page is listed even when no sample
 * of its page names it (its declaration then null); on the API pages, a heading is a name of the
 * package only when a sample shows its declaration (`Options` under `loadConfig` is not). Pure.
 */
import type { Lang } from '../../schemas/lang.ts';
import type { DocumentedName, NameKind, NamePage, NameSample, NamesFile } from '../../schemas/names.ts';
import type { HoverInfo } from '../hovers/quick-info.ts';
import { NAME_PAGES } from '../hovers/name-pages.ts';
import type { NameSection } from '../hovers/name-sections.ts';
import { langPrefix } from '../routes.ts';
import type { PageSummary } from '../types.ts';

/** A page as the names file reads it. */
export interface NamesPage {
  /** Its route without a language prefix (`/config/lib/dts`). */
  route: string;
  lang: Lang;
  summary: Pick<PageSummary, 'names' | 'nameSamples' | 'nameInfos'>;
}

export function namesFileOf(pages: Iterable<NamesPage>, sourceLang: Lang, packageVersion: string | null, exportInfos: ReadonlyMap<string, HoverInfo> = new Map()): NamesFile {
  const byRoute = new Map<string, NamesPage>();
  for (const page of pages) byRoute.set(`${langPrefix(page.lang, sourceLang)}${page.route}`, page);
  const names: DocumentedName[] = [];
  for (const page of byRoute.values()) {
    if (page.lang !== sourceLang) continue;
    const twin = byRoute.get(`/zh${page.route}`);
    for (const section of page.summary.names ?? []) {
      const kind = kindOf(page.route, section);
      const key = declarationKey(page.route, section);
      // As a sample of its page shows it, else as the probe of the package's exports does.
      const info = page.summary.nameInfos?.[key] ?? exportInfos.get(key);
      if (!info && (kind === 'export' || kind === 'method' || kind === 'type') && page.route !== NAME_PAGES.types) continue;
      const zh = twin?.summary.names?.find((other) => other.name === section.name);
      names.push({
        name: section.name,
        kind,
        aliases: aliasesOf(kind, section),
        ...declared(info, section),
        pages: { en: namePage(page.route, section), zh: zh ? namePage(`/zh${page.route}`, zh) : null },
        samples: { en: samplesOf(page, key), zh: twin ? samplesOf(twin, key, '/zh') : [] },
      });
    }
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { schemaVersion: 1, package: { name: '@rslib/core', version: packageVersion ?? 'unknown' }, names };
}

/** What kind of name a section of the page at `route` documents. */
function kindOf(route: string, section: NameSection): NameKind {
  if (route.startsWith('/config/lib/')) return 'lib-option';
  if (route.startsWith('/config/rsbuild/')) return 'rsbuild-option';
  if (route === NAME_PAGES.cli) return section.flag ? 'flag' : 'command';
  if (route === NAME_PAGES.instance) return 'method';
  if (route === NAME_PAGES.types) return 'type';
  return 'export';
}

/**
 * How the hovers name the place of a name (HoverInfo.page, hovers/name-pages.ts): the route for
 * the page's own name (`lib.dts` is `/config/lib/dts`), else the route and the name as written.
 */
const declarationKey = (route: string, section: NameSection) => (section.id === null ? route : `${route}#${section.name}`);

/** Other spellings a reader may ask for a name by: a lib option's key alone, a command without `rslib`, a flag's short form. */
function aliasesOf(kind: NameKind, section: NameSection): string[] {
  const { name } = section;
  if (kind === 'lib-option') return [name.startsWith('lib.') ? name.slice(4) : `lib.${name}`];
  if (kind === 'command') return [name.replace(/^rslib /, '')];
  if (kind === 'flag') {
    const command = name.slice(0, name.lastIndexOf(' ')).replace(/^rslib ?/, '');
    const flags = [...section.heading.matchAll(/(?:^|[\s,])(--?[\w-]+)/g)].map((match) => match[1]!);
    return [...new Set(flags.flatMap((flag) => [command ? `${command} ${flag}` : flag, `rslib ${command ? `${command} ` : ''}${flag}`]))].filter((alias) => alias !== name);
  }
  return [];
}

/** The declaration, its summary, default and deprecation: from the hovers, or for a flag from its row. */
function declared(info: HoverInfo | undefined, section: NameSection): Pick<DocumentedName, 'declaration' | 'summary' | 'default' | 'deprecated'> {
  if (section.flag) {
    const type = section.flag.type.replace(/`/g, '');
    return { declaration: `${section.heading}${type ? `: ${type}` : ''}`, summary: section.summary, default: section.flag.default || null, deprecated: null };
  }
  if (!info) return { declaration: null, summary: '', default: null, deprecated: null };
  const tag = (name: string) => info.tags.find(([tagName]) => tagName === name)?.[1];
  return { declaration: info.signature, summary: plainDoc(info.docs), default: tag('default') ?? null, deprecated: tag('deprecated') ?? null };
}

/** JSDoc text as plain text: `{@link url text}` as `text (url)`. */
const plainDoc = (text: string) => text.replace(/\{@link(?:code|plain)?\s+([^\s}]+)(?:\s+([^}]*))?\}/g, (_, url: string, label?: string) => (label?.trim() ? `${label.trim()} (${url})` : url)).replace(/\s*\n\s*/g, ' ');

const namePage = (routePath: string, section: NameSection): NamePage => ({ url: section.id ? `${routePath}#${section.id}` : routePath, heading: section.heading, summary: section.summary });

function samplesOf(page: NamesPage, key: string, prefix = ''): NameSample[] {
  return (page.summary.nameSamples ?? [])
    .filter((sample) => sample.targets.includes(key))
    .map((sample) => ({ url: `${prefix}${page.route}${sample.section ? `#${sample.section}` : ''}`, title: sample.title, lang: sample.lang, code: sample.code }));
}

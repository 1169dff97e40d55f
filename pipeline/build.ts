/**
 * The pipeline run: discover → (per page) parse → transform → highlight → (site) derive →
 * validate → emit. Problems of every stage are collected; dist-data/ is replaced only when the
 * whole run has no error.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Lang } from '../schemas/lang.ts';
import type { NavItem } from '../schemas/nav.ts';
import { PageRecord } from '../schemas/page.ts';
import { RouteManifest, type RouteEntry } from '../schemas/route.ts';
import type { SearchRecord } from '../schemas/search.ts';
import { ResolvedSite, SiteConfig } from '../schemas/site.ts';
import { toJsonSchemas } from '../schemas/json-schema.ts';
import { dataPathForRoute, searchDataPath } from '../schemas/paths.ts';
import { checkLinks } from './check-links.ts';
import { hashFragments, pageCacheKey, type CompiledPage, type CompileInput } from './compile-page.ts';
import { compileAll } from './compile-pool.ts';
import type { Paths } from './context.ts';
import { deriveFeeds, feedLinkFor, type FeedPost } from './derive-feeds.ts';
import { deriveLlmsFullTxt, deriveLlmsTxt, markdownTwinPath } from './derive-llms.ts';
import { derivePage, getDescription, getTitle, type PageSource } from './derive-page.ts';
import { deriveSearchRecords } from './derive-search.ts';
import { resolveSidebars } from './derive-sidebar.ts';
import { deriveSitemap } from './derive-sitemap.ts';
import { Diagnostics, placeAtOffset, sortDiagnostics, type Diagnostic } from './diagnostics.ts';
import { discover, readCache } from './discover.ts';
import { emitCache, emitDistData, type OutputFiles } from './emit.ts';
import type { Highlighter } from './highlight.ts';
import { isSharedPath, langPrefix, localizeRoute, routeIdentity, routeOfFile } from './routes.ts';
import { buildSearchIndex } from './search-index.ts';
import { PageRecordWithTrustedBody, validate } from './validate.ts';

export interface BuildOptions {
  root: string;
  /** Defaults: <root>/content, <root>/dist-data, <root>/.cache/pipeline */
  paths?: Partial<Paths>;
  /** Reuse a highlighter across runs (watch mode, tests). */
  highlighter?: Highlighter;
  /** Skip the cache entirely (both reading and writing). */
  noCache?: boolean;
  /**
   * Write dist-data/ even when pages have errors (pages whose record is invalid are left out).
   * For previews while writing (dev mode); a build for publishing never sets it.
   */
  force?: boolean;
  /** Upper bound on compile worker threads (default: the machine's cores, at most 4). */
  maxWorkers?: number;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  pages: number;
  /** Pages compiled in this run (the rest came from the cache). */
  compiled: number;
  /** Byte sizes of the page records, for the benchmark. */
  recordSizes: number[];
  /** Whether dist-data/ was replaced. */
  emitted: boolean;
}

export function resolvePaths(options: BuildOptions): Paths {
  const root = path.resolve(options.root);
  return {
    root,
    content: options.paths?.content ?? path.join(root, 'content'),
    out: options.paths?.out ?? path.join(root, 'dist-data'),
    cache: options.paths?.cache ?? path.join(root, '.cache', 'pipeline'),
  };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const paths = resolvePaths(options);
  const diagnostics = new Diagnostics();
  const found = discover(paths);
  const siteFile = path.relative(paths.root, path.join(paths.content, 'site.json')).split(path.sep).join('/');
  const site = readSiteConfig(siteFile, found.siteSource, diagnostics);
  const fail = (): BuildResult => ({ ok: false, diagnostics: sortDiagnostics(diagnostics.items), pages: 0, compiled: 0, recordSizes: [], emitted: false });
  if (!site) return fail();

  for (const stray of found.strayFiles) diagnostics.error(stray, { line: 1, column: 1 }, 'Only .md files may stand in content/en and content/zh', 'unsupported-file');

  // Pages and their compile inputs.
  // Only shared/ files can be included, so only they travel with each page (and key its cache).
  const fragmentsByLang = new Map<Lang, Map<string, string>>(langsOf(found.sources).map((lang) => [lang, new Map()]));
  for (const file of found.sources) if (isSharedPath(file.relPath)) fragmentsByLang.get(file.lang)!.set(file.relPath, file.source);
  const fragmentsHash = new Map([...fragmentsByLang].map(([lang, map]) => [lang, hashFragments(map)]));
  const sources: Array<{ source: PageSource; input: CompileInput }> = [];
  const seen = new Map<string, string>();
  for (const file of found.sources) {
    if (isSharedPath(file.relPath)) continue;
    const route = routeOfFile(file.relPath);
    const routePath = localizeRoute(route, file.lang, site.lang);
    const identity = routeIdentity(routePath);
    const clash = seen.get(identity);
    if (clash) {
      diagnostics.error(file.file, { line: 1, column: 1 }, `Duplicate route ${routePath} (also ${clash})`, 'duplicate-route');
      continue;
    }
    seen.set(identity, file.file);
    sources.push({
      source: { file: file.file, relPath: file.relPath, lang: file.lang, route, routePath },
      input: {
        file: file.file,
        relPath: file.relPath,
        lang: file.lang,
        source: file.source,
        fragments: fragmentsByLang.get(file.lang) ?? new Map(),
        prefix: langPrefix(file.lang, site.lang),
        cleanUrls: site.route.cleanUrls,
        defaultWrapCode: site.markdown.defaultWrapCode,
      },
    });
  }

  // Compile, reusing cached pages.
  const keys = sources.map(({ input }) => pageCacheKey(input, fragmentsHash.get(input.lang) ?? ''));
  const cached = options.noCache ? new Map<string, CompiledPage>() : readCache<CompiledPage>(paths.cache, keys);
  const missing = sources.map((_, i) => i).filter((i) => !cached.has(keys[i]!));
  const compiledNow = await compileAll(
    missing.map((i) => sources[i]!.input),
    { highlighter: options.highlighter, ...(options.maxWorkers !== undefined ? { maxWorkers: options.maxWorkers } : {}) },
  );
  const fresh = new Map(missing.map((i, n) => [keys[i]!, compiledNow[n]!]));
  const pages = new Map<string, { compiled: CompiledPage; source: PageSource }>();
  for (const [i, { source }] of sources.entries()) {
    const compiled = cached.get(keys[i]!) ?? fresh.get(keys[i]!)!;
    diagnostics.addAll(compiled.diagnostics);
    pages.set(source.routePath, { compiled, source });
  }
  if (!options.noCache) emitCache(paths.cache, fresh);

  // Site-wide checks.
  const twins = new Map<string, Array<{ lang: Lang; routePath: string }>>();
  for (const { source } of pages.values()) {
    const list = twins.get(source.route) ?? [];
    list.push({ lang: source.lang, routePath: source.routePath });
    twins.set(source.route, list);
  }
  const langs = site.locales.map((locale) => locale.lang);
  for (const { source } of pages.values()) {
    for (const lang of langs) {
      if (!twins.get(source.route)?.some((t) => t.lang === lang)) {
        diagnostics.error(source.file, { line: 1, column: 1 }, `${source.routePath} has no ${lang} twin (expected content/${lang}/${source.relPath})`, 'missing-twin');
      }
    }
  }
  const linkTargets = new Map([...pages].map(([route, page]) => [route, { ids: new Set(page.compiled.ids) }]));
  for (const { compiled, source } of pages.values()) checkLinks(source.file, source.routePath, compiled.links, linkTargets, found.publicFiles, diagnostics);

  const titles = new Map([...pages].map(([route, page]) => [route, getTitle(page.compiled, site, page.source.lang)]));
  const sidebars = resolveSidebars({ site, siteFile, siteSource: found.siteSource, titles }, diagnostics);
  for (const { compiled, source } of pages.values()) {
    const listed = Object.values(sidebars.order[source.lang]).some((order) => order.some((entry) => entry.link === source.routePath));
    const isDoc = compiled.frontmatter.pageType === 'doc' && compiled.frontmatter.sidebar;
    if (isDoc && !listed && source.route !== '/') diagnostics.warn(source.file, { line: 1, column: 1 }, `${source.routePath} is not listed in any sidebar`, 'not-in-sidebar');
  }

  // Feeds for blog posts.
  const posts: FeedPost[] = [];
  const feeds = new Map<string, ReturnType<typeof feedLinkFor>[]>();
  for (const { compiled, source } of pages.values()) {
    if (!source.route.startsWith('/blog/') || !compiled.frontmatter.date) continue;
    posts.push({ lang: source.lang, routePath: source.routePath, title: titles.get(source.routePath)!, description: getDescription(compiled, site, source.lang), date: compiled.frontmatter.date });
    feeds.set(source.routePath, [feedLinkFor(source.lang)]);
  }

  // Records.
  const facts = { site, sidebars, pages, twins, lastUpdated: found.lastUpdated, feeds };
  const files: OutputFiles = new Map();
  const records = new Map<string, PageRecord>();
  const routes: RouteEntry[] = [];
  const searchRecords: Record<Lang, SearchRecord[]> = { en: [], zh: [] };
  const recordSizes: number[] = [];
  const freshPages = new Set(fresh.values());
  for (const { compiled, source } of pages.values()) {
    const schema = freshPages.has(compiled) ? PageRecord : PageRecordWithTrustedBody;
    const record = validate(schema, derivePage(source, compiled, facts), source.file, 'Page record', diagnostics) as PageRecord | null;
    if (!record) continue;
    records.set(record.routePath, record);
    const dataPath = dataPathForRoute(record.routePath);
    const json = JSON.stringify(record);
    recordSizes.push(Buffer.byteLength(json));
    files.set(dataPath, json);
    routes.push({ path: record.routePath, filePath: `${source.lang}/${source.relPath}`, lang: record.lang, version: '', pageType: record.pageType, title: record.title, data: dataPath, hash: createHash('sha256').update(json).digest('hex').slice(0, 12) });
    const group = record.sidebarKey ? sidebars.order[record.lang][record.sidebarKey]?.find((e) => e.link === record.routePath)?.group : undefined;
    searchRecords[record.lang].push(...deriveSearchRecords(record, group ?? null));
  }
  routes.sort((a, b) => a.path.localeCompare(b.path));
  const manifest = validate(RouteManifest, { schemaVersion: 1, routes }, siteFile, 'Route manifest', diagnostics);
  const resolvedSite = validate(ResolvedSite, resolveSite(site, sidebars), siteFile, 'Resolved site', diagnostics);

  if (!manifest || !resolvedSite || (diagnostics.errors.length > 0 && !options.force)) return fail();

  files.set('site.json', resolvedSite);
  files.set('routes.json', manifest);
  for (const lang of langs) files.set(searchDataPath(lang), buildSearchIndex(lang, searchRecords[lang]) as object);
  for (const [file, content] of deriveFeeds(site, posts)) files.set(file, content);
  files.set('sitemap.xml', deriveSitemap(site, [...records.values()]));
  files.set('llms.txt', deriveLlmsTxt(site, sidebars, records));
  const markdown = new Map<string, string>();
  for (const [route, { compiled }] of pages) {
    const record = records.get(route);
    if (!record) continue;
    // Home pages have no # heading: give the twin a title and what the hero says.
    const text = compiled.h1 ? compiled.markdown : `# ${record.title}\n\n${record.description}\n\n${compiled.markdown}`.trimEnd() + '\n';
    markdown.set(route, text);
    files.set(`markdown/${markdownTwinPath(route)}`, text);
  }
  files.set('llms-full.txt', deriveLlmsFullTxt(site, sidebars, markdown));
  for (const [name, schema] of Object.entries(toJsonSchemas())) files.set(`schema/${name}.schema.json`, schema as object);
  emitDistData(paths.out, files);
  return { ok: diagnostics.errors.length === 0, diagnostics: sortDiagnostics(diagnostics.items), pages: records.size, compiled: fresh.size, recordSizes, emitted: true };
}

function readSiteConfig(file: string, source: string, diagnostics: Diagnostics): SiteConfig | null {
  if (!source) {
    diagnostics.error(file, { line: 1, column: 1 }, 'content/site.json is missing', 'site-config');
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String(error))?.[1] ?? 0);
    diagnostics.error(file, placeAtOffset(source, offset), `Invalid JSON: ${(error as Error).message}`, 'site-config');
    return null;
  }
  const result = SiteConfig.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.at(-1);
    const offset = typeof key === 'string' ? source.indexOf(`"${key}"`) : -1;
    diagnostics.error(file, placeAtOffset(source, Math.max(offset, 0)), `Invalid site config at ${issue.path.join('.') || '(root)'}: ${issue.message}`, 'site-config');
  }
  return null;
}

/** dist-data/site.json: nav links and sidebars carry the language prefix; texts are filled. */
function resolveSite(site: SiteConfig, sidebars: ReturnType<typeof resolveSidebars>): ResolvedSite {
  const { $schema: _schema, locales, ...rest } = site;
  return {
    ...rest,
    schemaVersion: 1,
    locales: locales.map((locale) => {
      const prefix = langPrefix(locale.lang, site.lang);
      const prefixNav = (item: NavItem): NavItem => ({
        ...item,
        ...(item.link && item.link.startsWith('/') ? { link: `${prefix}${item.link}` } : {}),
        ...(item.items ? { items: item.items.map(prefixNav) } : {}),
      });
      return { ...locale, prefix, nav: locale.nav.map(prefixNav), sidebar: sidebars.items[locale.lang] };
    }),
  };
}

function langsOf(sources: ReadonlyArray<{ lang: Lang }>): Lang[] {
  return [...new Set(sources.map((s) => s.lang))];
}

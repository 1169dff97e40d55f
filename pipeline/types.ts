/**
 * What crosses from stage to stage and into the cache: the files discover finds, and the two
 * halves of a compiled page. Stages that make these (discover, compile-page) and modules that
 * keep or read them (incremental, emit, derive-page) import them from here, so that none of
 * them imports another for its types alone (that made a ring of eight files, issue 21).
 */
import type { Frontmatter } from '../schemas/frontmatter.ts';
import type { Lang } from '../schemas/lang.ts';
import type { TocItem } from '../schemas/toc.ts';
import type { PageSection } from './search/records.ts';
import type { HoverTarget, HoverTemplate } from './hovers/hover-hast.ts';
import type { HoverInfo } from './hovers/quick-info.ts';
import type { PackageExport } from './hovers/exports-probe.ts';
import type { NameSection } from './hovers/name-sections.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { LinkRef } from './markdown/links.ts';
import type { ImageSize } from './markdown/page-context.ts';
import type { TranslationSkeleton } from './translations/skeleton.ts';
import type { ContentHistory } from './translations/status.ts';

/** A markdown file under content/en or content/zh, as discover found it. */
export interface SourceFile {
  /** Relative to the project root, e.g. content/en/guide/start/index.md (used in messages). */
  file: string;
  lang: Lang;
  /** Relative to the language folder, e.g. guide/start/index.md. */
  relPath: string;
  mtimeMs: number;
  size: number;
  /**
   * The text. Shared fragments are always read; a page is read only when the build asks for it
   * (readSources), because an unchanged page's summary and content come from the cache.
   */
  source?: string;
}

export type { ImageSize } from './markdown/page-context.ts';

/** Everything discover found in content/. */
export interface Discovered {
  siteSource: string;
  sources: SourceFile[];
  /** Files in content/en or content/zh that are not markdown (reported, never routed). */
  strayFiles: string[];
  /** Public assets as site paths, e.g. /rslib-logo.svg. */
  publicFiles: Set<string>;
  /** The intrinsic size of each public image whose size its file tells, by site path. */
  imageSizes: Map<string, ImageSize>;
  /** Last commit time in ms by file path relative to the root; absent when untracked. */
  lastUpdated: Map<string, number>;
  /** What git history says of content/, for the translation states. */
  history: ContentHistory;
  /** content/search-synonyms.json (as messages name it) and its text; null when there is none. */
  synonyms: { file: string; source: string } | null;
  /** The pipeline's version: a hash of its code and locked packages (see memo/code-version.ts). */
  codeVersion: string;
  /** The locked version of @rslib/core, whose declarations the hovers read; null without a lock. */
  rslibVersion: string | null;
  /** What @rslib/core's entry exports (hovers/exports-probe.ts). */
  rslibExports: PackageExport[];
}

/** What the site-wide stages need of a page: small, kept in memory for every page. */
export interface PageSummary {
  frontmatter: Frontmatter;
  h1: string | null;
  toc: TocItem[];
  ids: string[];
  links: LinkRef[];
  firstParagraph: string;
  /** What must be the same on the page's twins (translations/skeleton.ts). */
  skeleton: TranslationSkeleton;
  /** Problems found while compiling; replayed on warm builds so they are never hidden. */
  diagnostics: Diagnostic[];
  /** The names of Rslib the page documents, on a page where readers look for them (hovers/name-sections.ts). */
  names?: NameSection[];
  /** On a page with hover texts, the places of the site they link to (maybe none), made final with the record (hovers/hover-links.ts). */
  hoverTargets?: HoverTarget[];
  /** On a page that documents names, its answered samples: the heading each stands under (its id), and the names they link to (HoverInfo.page). */
  nameSamples?: Array<{ section: string | null; title: string | null; lang: string; code: string; targets: string[] }>;
  /** On a page that documents names, each name's declaration as its samples show it, by HoverInfo.page. */
  nameInfos?: Record<string, HoverInfo>;
}

/**
 * The bulk of a page, streamed through the cache rather than held for the whole run. Everything
 * that needs the body as a tree is done where the page is compiled (in parallel, in a worker):
 * the record writer only splices the serialized body into its record.
 */
export interface PageContent {
  /** The body (a HastRoot) as JSON; null when it failed its schema (the error is in the diagnostics). */
  body: string | null;
  /** The page as plain markdown, without frontmatter. */
  markdown: string;
  /** What its search records are made of (see searchRecordsOf). */
  sections: PageSection[];
  /** Memo keys of the body's code blocks (see harvestHighlights); for the cache, never emitted. */
  highlights?: string[];
  /** Its samples' hover texts, put into the record's body when it is written (hovers/hover-hast.ts: hoversJson). */
  hovers?: HoverTemplate;
}

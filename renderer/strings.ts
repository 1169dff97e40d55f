/**
 * Every reader-facing string of the interface, one table per language (renderer/strings/<lang>.ts,
 * each a lazy part: a page loads only its language's). Components never hold literals: they read
 * the table through `useStrings()` (renderer/app/app-api.ts). Content texts (page titles, nav labels,
 * hero copy) come from dist-data, not from here.
 */
export interface UiStrings {
  skipToContent: string;
  mainNav: string;
  /** The nav bar's links on its right side, a landmark apart from `mainNav`'s, named apart. */
  mainNavEnd: string;
  /** The mobile menu's links: the same pages as the nav bar's, a third landmark, named apart. */
  mobileNav: string;
  home: string;
  outlineTitle: string;
  prevPage: string;
  nextPage: string;
  lastUpdated: string;
  source: string;
  copyCode: string;
  copied: string;
  /** Shown in a prompt when the clipboard API fails; {key} is Ctrl or Cmd. */
  copyFallback: string;
  toggleWrap: string;
  /** The page actions beside a doc page's title: copy its markdown twin, open it. */
  copyPageMarkdown: string;
  viewPageMarkdown: string;
  search: string;
  themeToggle: string;
  language: string;
  openMenu: string;
  closeMenu: string;
  sidebarToggle: string;
  sidebarNav: string;
  outlineToggle: string;
  scrollToTop: string;
  moreLinks: string;
  toolMenu: string;
  toolShowcaseTitle: string;
  toolShowcaseDesc: string;
  /** Shown when a page's record fails to load or to validate. */
  loadErrorTitle: string;
  loadErrorText: string;
  retry: string;
  backHome: string;
  filterLabel: string;
  filterPlaceholder: string;
  noMatch: string;
  closeImage: string;
  zoomImage: string;
  opensInNewTab: string;
  /** The name of a content table's scrolling region; {n} numbers the tables of a page. */
  table: string;
  progress: string;
  collapseGroup: string;
  callout: Record<'tip' | 'note' | 'info' | 'warning' | 'danger' | 'details', string>;
  months: readonly string[];
}

/** Fills `{name}` placeholders; unknown names stay as written so a typo is visible. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

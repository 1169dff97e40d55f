import type { Lang } from '../schemas/lang.ts';

/**
 * Every reader-facing string of the interface, per language. Components never hold literals:
 * they read this table through `useStrings()` (renderer/app-api.ts). Content texts (page titles,
 * nav labels, hero copy) come from dist-data, not from here.
 */
export interface UiStrings {
  skipToContent: string;
  mainNav: string;
  home: string;
  outlineTitle: string;
  prevPage: string;
  nextPage: string;
  lastUpdated: string;
  source: string;
  copyCode: string;
  copied: string;
  /** Spec 8: shown in a prompt when the clipboard API fails; {key} is Ctrl or Cmd. */
  copyFallback: string;
  toggleWrap: string;
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
  notFoundCode: string;
  notFoundTitle: string;
  takeMeHome: string;
  goToHome: string;
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
  progress: string;
  blogPosts: string;
  readMore: string;
  published: string;
  collapseGroup: string;
  callout: Record<'tip' | 'note' | 'info' | 'warning' | 'danger' | 'details', string>;
  months: readonly string[];
}

const en: UiStrings = {
  skipToContent: 'Skip to main content',
  mainNav: 'Main',
  home: 'Home',
  outlineTitle: 'ON THIS PAGE',
  prevPage: 'Previous Page',
  nextPage: 'Next Page',
  lastUpdated: 'Last Updated',
  source: 'Source',
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFallback: 'Copy to clipboard: {key}+C, Enter',
  toggleWrap: 'Toggle code wrap',
  search: 'Search',
  themeToggle: 'Toggle dark mode',
  language: 'Language',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  sidebarToggle: 'Menu',
  sidebarNav: 'Sidebar',
  outlineToggle: 'On this page',
  scrollToTop: 'Back to top',
  moreLinks: 'More links',
  toolMenu: 'Rstack tools',
  toolShowcaseTitle: 'Rstack',
  toolShowcaseDesc: 'A unified JavaScript toolchain centered on Rspack, with high performance and consistent architecture',
  notFoundCode: '404',
  notFoundTitle: 'PAGE NOT FOUND',
  takeMeHome: 'Take me home',
  goToHome: 'go to home',
  loadErrorTitle: 'This page could not be loaded',
  loadErrorText: 'Check your connection and try again. If it keeps happening, the site may be updating.',
  retry: 'Try again',
  backHome: 'Back to home',
  filterLabel: 'Filter',
  filterPlaceholder: 'Enter keyword',
  noMatch: 'No matching API found',
  closeImage: 'Close image',
  zoomImage: 'Zoom image',
  opensInNewTab: '(opens in a new tab)',
  progress: 'Loading page',
  blogPosts: 'Blog posts',
  readMore: 'Read more',
  published: 'Published',
  collapseGroup: 'Toggle group',
  callout: { tip: 'TIP', note: 'NOTE', info: 'INFO', warning: 'WARNING', danger: 'DANGER', details: 'DETAILS' },
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

const zh: UiStrings = {
  skipToContent: '跳转到正文',
  mainNav: '主导航',
  home: '首页',
  outlineTitle: '目录',
  prevPage: '上一页',
  nextPage: '下一页',
  lastUpdated: '最后更新于',
  source: '源码',
  copyCode: '复制代码',
  copied: '已复制',
  copyFallback: '复制到剪贴板：{key}+C，回车',
  toggleWrap: '切换自动换行',
  search: '搜索文档',
  themeToggle: '切换深色模式',
  language: '语言',
  openMenu: '打开菜单',
  closeMenu: '关闭菜单',
  sidebarToggle: '菜单',
  sidebarNav: '侧边栏',
  outlineToggle: '本页目录',
  scrollToTop: '回到顶部',
  moreLinks: '更多链接',
  toolMenu: 'Rstack 工具',
  toolShowcaseTitle: 'Rstack',
  toolShowcaseDesc: '围绕 Rspack 打造的高性能 JavaScript 工具链，具备一致的架构设计',
  // Spec 2.5 fixes the 404 texts verbatim; the page is the same file for both languages.
  notFoundCode: '404',
  notFoundTitle: 'PAGE NOT FOUND',
  takeMeHome: 'Take me home',
  goToHome: 'go to home',
  loadErrorTitle: '页面加载失败',
  loadErrorText: '请检查网络连接后重试。如果问题持续出现，可能是站点正在更新。',
  retry: '重试',
  backHome: '返回首页',
  filterLabel: '过滤',
  filterPlaceholder: '输入关键词',
  noMatch: '未找到匹配的 API',
  closeImage: '关闭图片',
  zoomImage: '放大图片',
  opensInNewTab: '（在新标签页打开）',
  progress: '页面加载中',
  blogPosts: '博客文章',
  readMore: '阅读全文',
  published: '发布于',
  collapseGroup: '展开或收起分组',
  callout: { tip: '提示', note: '注意', info: '信息', warning: '警告', danger: '危险', details: '详细信息' },
  months: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
};

export const uiStrings: Record<Lang, UiStrings> = { en, zh };

/** Fills `{name}` placeholders; unknown names stay as written so a typo is visible. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Reader-facing texts of the search, per language (the app's table lives in renderer/strings.ts;
 * search keeps its own beside it). English texts are DocSearch's defaults.
 */
import type { Lang } from '../../schemas/lang.ts';

export interface SearchStrings {
  button: string;
  /** Accessible name of the dialog. */
  dialog: string;
  placeholder: string;
  inputLabel: string;
  clear: string;
  cancel: string;
  /** Accessible name of the results list. */
  results: string;
  loading: string;
  recent: string;
  favorite: string;
  noRecent: string;
  saveRecent: string;
  removeRecent: string;
  removeFavorite: string;
  /** {query} is the reader's query. */
  noResults: string;
  trySearching: string;
  reportMissing: string;
  reportMissingLink: string;
  errorTitle: string;
  errorHelp: string;
  toSelect: string;
  enterKey: string;
  toNavigate: string;
  arrowUp: string;
  arrowDown: string;
  toClose: string;
  escapeKey: string;
  /** {count}: how many hits are shown, announced to screen readers. */
  resultCount: string;
}

const en: SearchStrings = {
  button: 'Search',
  dialog: 'Search documentation',
  placeholder: 'Search docs',
  inputLabel: 'Search',
  clear: 'Clear the query',
  cancel: 'Cancel',
  results: 'Search results',
  loading: 'Loading…',
  recent: 'Recent',
  favorite: 'Favorite',
  noRecent: 'No recent searches',
  saveRecent: 'Save this search',
  removeRecent: 'Remove this search from history',
  removeFavorite: 'Remove this search from favorites',
  noResults: 'No results for "{query}"',
  trySearching: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  toSelect: 'to select',
  enterKey: 'Enter key',
  toNavigate: 'to navigate',
  arrowUp: 'Arrow up',
  arrowDown: 'Arrow down',
  toClose: 'to close',
  escapeKey: 'Escape key',
  resultCount: '{count} results',
};

const zh: SearchStrings = {
  button: '搜索',
  dialog: '搜索文档',
  placeholder: '搜索文档',
  inputLabel: '搜索',
  clear: '清除查询条件',
  cancel: '取消',
  results: '搜索结果',
  loading: '加载中…',
  recent: '搜索历史',
  favorite: '收藏',
  noRecent: '没有搜索历史',
  saveRecent: '保存至收藏',
  removeRecent: '从搜索历史中移除',
  removeFavorite: '从收藏中移除',
  noResults: '无法找到 "{query}" 的相关结果',
  trySearching: '你可以尝试查询',
  reportMissing: '你认为该查询应该有结果？',
  reportMissingLink: '点击反馈',
  errorTitle: '无法获取结果',
  errorHelp: '你可能需要检查你的网络连接',
  toSelect: '选择',
  enterKey: '回车键',
  toNavigate: '切换',
  arrowUp: '向上键',
  arrowDown: '向下键',
  toClose: '关闭',
  escapeKey: 'Esc 键',
  resultCount: '{count} 条结果',
};

export const searchStrings: Record<Lang, SearchStrings> = { en, zh };

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

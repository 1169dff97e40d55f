import type { ResolvedSidebarGroup, ResolvedSidebarItem, ResolvedSidebarLink } from '../../schemas/sidebar.ts';
import type { SidebarFile } from '../../schemas/sidebar-file.ts';
import { samePath } from './links.ts';

export type SidebarItemKind = 'link' | 'divider' | 'header' | 'group';

export function sidebarItemKind(item: ResolvedSidebarItem): SidebarItemKind {
  if ('dividerType' in item) return 'divider';
  if ('sectionHeaderText' in item) return 'header';
  if ('items' in item) return 'group';
  return 'link';
}

export function isGroup(item: ResolvedSidebarItem): item is ResolvedSidebarGroup {
  return sidebarItemKind(item) === 'group';
}

export function isLink(item: ResolvedSidebarItem): item is ResolvedSidebarLink {
  return sidebarItemKind(item) === 'link';
}

/** Whether a group (at any depth) contains the page at `pathname`: such a group opens by itself. */
export function groupContainsPath(group: ResolvedSidebarGroup, pathname: string): boolean {
  if (group.link && samePath(group.link, pathname)) return true;
  return group.items.some((item) =>
    isGroup(item) ? groupContainsPath(item, pathname) : isLink(item) && samePath(item.link, pathname),
  );
}

/**
 * Initial open state of a group: expanded unless configured collapsed, and always expanded when it
 * holds the active page. A group that cannot collapse is always open. A group whose items are
 * still in their part (large sidebars) starts closed.
 */
export function initialGroupOpen(group: ResolvedSidebarGroup, pathname: string): boolean {
  // A large sidebar's groups other than the page's own start closed: opening loads their items.
  if (isUnloadedGroup(group)) return !group.collapsible;
  if (!group.collapsible) return true;
  return !group.collapsed || groupContainsPath(group, pathname);
}

/**
 * A page's sidebar: the sidebar file's items with the part of the page's group filled in (large
 * sidebars keep each top-level group's items in a part; the others stay to be loaded on opening).
 */
export function withPart(items: ResolvedSidebarItem[], part: SidebarFile | null): ResolvedSidebarItem[] {
  if (!part || part.part === null) return items;
  const index = part.part;
  return items.map((item, i) => (i === index && isGroup(item) ? { ...item, items: part.items } : item));
}

/** A group of a large sidebar whose items are still in their part. */
export function isUnloadedGroup(group: ResolvedSidebarGroup): group is ResolvedSidebarGroup & { part: string } {
  return group.part !== undefined && group.items.length === 0;
}

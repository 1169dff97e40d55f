import type { ResolvedSidebarGroup, ResolvedSidebarItem, ResolvedSidebarLink } from '../../schemas/sidebar.ts';
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
 * holds the active page. A group that cannot collapse is always open.
 */
export function initialGroupOpen(group: ResolvedSidebarGroup, pathname: string): boolean {
  if (!group.collapsible) return true;
  return !group.collapsed || groupContainsPath(group, pathname);
}

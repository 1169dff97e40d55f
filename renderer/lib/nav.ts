import type { NavItem } from '../../schemas/nav.ts';
import { comparablePath, isExternalHref } from './links.ts';

/**
 * Whether a nav entry is active for the current path: its `activeMatch` regular expression when
 * given, else the link as a prefix of the path (a dropdown is active when one of its items is).
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.activeMatch) {
    try {
      return new RegExp(item.activeMatch).test(pathname);
    } catch {
      return false;
    }
  }
  if (item.items?.length) return item.items.some((child) => isNavItemActive(child, pathname));
  if (!item.link || isExternalHref(item.link)) return false;
  const link = comparablePath(item.link);
  const path = comparablePath(pathname);
  return link === '/' || link === '/zh' ? path === link : path === link || path.startsWith(`${link}/`);
}

export function splitNavByPosition(items: NavItem[]): { left: NavItem[]; right: NavItem[] } {
  return {
    left: items.filter((item) => item.position === 'left'),
    right: items.filter((item) => item.position !== 'left'),
  };
}

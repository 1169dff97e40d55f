/**
 * What the page route loads (router.tsx) and the page view renders (views.tsx): in a module of
 * its own, so that the view does not import the route tree, which imports the view.
 */
import type { PageRecord } from '../schemas/page.ts';
import type { ResolvedSidebarItem } from '../schemas/sidebar.ts';

/** The record and the sidebar that applies to it. */
export interface PageData {
  record: PageRecord;
  sidebar: ResolvedSidebarItem[] | null;
}

/**
 * What the page route loads (router.tsx) and the page view renders (views.tsx): in a module of
 * its own, so that the view does not import the route tree, which imports the view.
 */
import type { PageRecord } from '../../schemas/page.ts';
import type { ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import { hastFromWire, hastToWire, type WireNode } from '../lib/hast-wire.ts';
import { packData, unpackData, type Packed } from '../lib/packed.ts';

/** The record and the sidebar that applies to it. */
export interface PageData {
  record: PageRecord;
  sidebar: ResolvedSidebarItem[] | null;
}

/** PageData as a prerendered page embeds it: the body in its short form (lib/hast-wire.ts). */
interface WirePageData {
  record: Omit<PageRecord, 'body'> & { body: WireNode[] };
  sidebar: ResolvedSidebarItem[] | null;
}

/** Only the server packs a record into a string: the browser's bundle leaves the encoder out. */
export function packPageData(data: PageData): Packed<PageData> {
  return import.meta.env.SSR ? packData(data, ({ record, sidebar }): WirePageData => ({ record: { ...record, body: hastToWire(record.body) }, sidebar })) : packData(data);
}

export function unpackPageData(packed: Packed<PageData>): PageData {
  return unpackData(packed, ({ record, sidebar }: WirePageData): PageData => ({ record: { ...record, body: hastFromWire(record.body) }, sidebar }));
}

/** Validation entry, split into its own chunk by the dynamic import in data.ts (zod is the bulk of it). */
import { PageRecord } from '../schemas/page.ts';
import { SidebarFile } from '../schemas/sidebar-file.ts';
import { SiteShell } from '../schemas/site.ts';

export function parsePage(json: unknown): PageRecord {
  return PageRecord.parse(json);
}

export function parseShell(json: unknown): SiteShell {
  return SiteShell.parse(json);
}

export function parseSidebar(json: unknown): SidebarFile {
  return SidebarFile.parse(json);
}

/** Validation entry, split into its own chunk by the dynamic import in data.ts (zod is the bulk of it). */
import { PageRecord } from '../schemas/page.ts';
import { ResolvedSite } from '../schemas/site.ts';

export function parsePage(json: unknown): PageRecord {
  return PageRecord.parse(json);
}

export function parseSite(json: unknown): ResolvedSite {
  return ResolvedSite.parse(json);
}

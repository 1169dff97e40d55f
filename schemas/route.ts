import { z } from 'zod';
import { Lang, PageType } from './lang.ts';

/**
 * A clean URL path: starts with `/`. Written as a pattern, not zod's `startsWith`, which exports
 * as `"format": "starts_with"`: no JSON Schema format, so a strict validator (Ajv in strict mode)
 * refuses the schema.
 */
export const RoutePath = z.string().regex(/^\//, 'must start with /');

/** One entry of dist-data/routes.json: a route and where its record lives. */
export const RouteEntry = z
  .object({
    path: RoutePath.describe('Clean URL, e.g. /guide/start/quick-start or /zh/'),
    filePath: z.string().describe('Source file relative to content/, e.g. en/guide/start/index.md'),
    lang: Lang,
    version: z.literal('').describe('Always empty: the site has no versions'),
    pageType: PageType,
    title: z.string(),
    data: z.string().describe('Record path relative to dist-data/, e.g. pages/en/guide/start/index.json'),
    hash: z.string().describe('Content hash of the record, for cache busting'),
  })
  .strict();
export type RouteEntry = z.infer<typeof RouteEntry>;

export const RouteManifest = z.object({
  schemaVersion: z.literal(1),
  routes: z.array(RouteEntry),
});
export type RouteManifest = z.infer<typeof RouteManifest>;

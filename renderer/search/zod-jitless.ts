/**
 * The dev server's search parses the index's files with zod (index-schemas.ts). zod compiles
 * object schemas with `new Function` when it can, and probes for that when a schema is created:
 * the site's Content-Security-Policy forbids eval, so every page reported a blocked probe. In
 * jitless mode zod parses without eval and never probes. This module must run before any schema
 * is created, so index-schemas.ts, which alone loads the schemas into a page, imports it first.
 */
import { config } from 'zod';

config({ jitless: true });

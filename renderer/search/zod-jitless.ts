/**
 * The search chunk still parses the index's files with zod (schemas/search-index.ts). zod compiles
 * object schemas with `new Function` when it can, and probes for that when a schema is created:
 * the site's Content-Security-Policy forbids eval, so every page reported a blocked probe. In
 * jitless mode zod parses without eval and never probes. This module must run before any schema
 * is created, so session.ts, the chunk's entry, imports it first.
 */
import { config } from 'zod';

config({ jitless: true });

/**
 * `npm run build:site`'s command line: `[--root <dir>] [--mode quick] [--project <dir>]` (see
 * scripts/build-site.ts). Runs on import: scripts/build-site.mjs loads it from a bundle.
 */
import { parseArgs } from 'node:util';
import { buildSite } from '../build-site.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, mode: { type: 'string' }, project: { type: 'string' } } });
await buildSite({ root: values.root, mode: values.mode, projectDir: values.project });

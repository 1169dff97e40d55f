/**
 * First-load JavaScript of a prerendered page: every script its HTML makes the browser fetch and
 * run before the load event (the entry and its modulepreloads; nothing else is imported before
 * hydration), gzip level 9, split by the client build's vendor chunks (renderer/vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScripts } from '../../renderer/prerender/pages.ts';

export const FIRST_LOAD_BUDGET_KB = 110;
export const FIRST_LOAD_PARTS = ['react-dom', 'router', 'app', 'other'] as const;
export type FirstLoadPart = (typeof FIRST_LOAD_PARTS)[number];

export interface FirstLoad {
  total: number;
  parts: Record<FirstLoadPart, number>;
  files: string[];
}

/** Which part a chunk of dist/_assets/ is, by the name the build gives it. */
export function partOf(file: string): FirstLoadPart {
  const name = path.basename(file);
  if (/^react-dom-/.test(name)) return 'react-dom';
  if (/^router-/.test(name)) return 'router';
  if (/^entry-client-/.test(name)) return 'app';
  return 'other';
}

export function firstLoadJs(dist: string, htmlFile: string): FirstLoad {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const files = pageScripts(html);
  const parts = Object.fromEntries(FIRST_LOAD_PARTS.map((part) => [part, 0])) as Record<FirstLoadPart, number>;
  for (const file of files) parts[partOf(file)] += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts, files };
}

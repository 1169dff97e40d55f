/**
 * A sample that names every export of @rslib/core, asked about with the pages' samples: each
 * import's hover is its declaration as the hovers print it, and where our pages document it. A
 * name no sample of its own page shows (`loadConfig`, `version`, a type of the types page) gets its
 * declaration in dist-data/names.json from here (derive/names-file.ts). Pure: discover reads the
 * package's entry (Discovered.rslibExports).
 */
import type { SampleBlock } from './sample.ts';

/** An export of a package's entry: its name, and whether it is a type only. */
export interface PackageExport {
  name: string;
  type: boolean;
}

/**
 * The exports of a declaration entry, as its `export { … } from`, `export type { … }`,
 * `export declare const`, `export * as` and `export type * as` statements name them.
 */
export function exportsOf(entry: string): PackageExport[] {
  const found = new Map<string, boolean>();
  for (const match of entry.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    for (const item of match[2]!.split(',')) {
      const spec = /^\s*(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(item);
      if (spec) found.set(spec[3] ?? spec[2]!, Boolean(match[1] || spec[1]));
    }
  }
  for (const match of entry.matchAll(/export\s+declare\s+(?:const|function|class|let)\s+([\w$]+)/g)) found.set(match[1]!, false);
  for (const match of entry.matchAll(/export\s+(type\s+)?\*\s+as\s+([\w$]+)/g)) found.set(match[2]!, Boolean(match[1]));
  return [...found].map(([name, type]) => ({ name, type })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The probe sample of these exports of @rslib/core, or null when there are none. */
export function exportsProbe(exports: readonly PackageExport[]): SampleBlock | null {
  if (exports.length === 0) return null;
  const list = (type: boolean) => exports.filter((item) => item.type === type).map((item) => item.name).join(', ');
  const code = [`import { ${list(false)} } from '@rslib/core';`, `import type { ${list(true)} } from '@rslib/core';`].join('\n');
  return { lang: 'ts', title: 'rslib-core-exports.ts', mode: 'module', code };
}

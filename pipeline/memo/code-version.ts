/**
 * The pipeline's version, which every cache key includes: a hash of the pipeline's own code (its
 * TypeScript sources under pipeline/ and schemas/) and of the resolved versions of the packages
 * it imports, with the packages those depend on (as package-lock.json pins them), and of the
 * packages whose declarations the hovers read (hovers/quick-info.ts), and of the example
 * projects whose files the hovers read beside a file a page shows from one. It is computed,
 * never bumped by hand: an edit to a stage, or a new shiki or remark, makes cached pages stale on
 * its own. Pure: discover reads the files and hands them over.
 */
import { createHash } from 'node:crypto';
import { DECLARATION_PACKAGES } from '../hovers/quick-info.ts';

/** The folders whose `.ts` files are the pipeline's code, relative to the project root. */
export const CODE_FOLDERS = ['pipeline', 'schemas'] as const;

/** What the version is computed from, as discover read it. */
export interface CodeSources {
  /** Each source's text by its path relative to the project root. */
  files: ReadonlyMap<string, string>;
  /** package-lock.json's text ('' when there is none). */
  lockfile: string;
  /** The example projects' sources, by path under tests/samples/projects (hovers/sample.ts: EXAMPLE_PROJECTS). */
  examples?: ReadonlyMap<string, string>;
}

interface LockedPackage {
  version?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Same sources (by path and text) and same locked packages → the same 32 hex digits. */
export function codeVersionOf({ files, lockfile, examples = new Map() }: CodeSources): string {
  const hash = createHash('sha256');
  const names = [...files.keys()].sort();
  for (const name of names) hash.update(`${name}\0${files.get(name)}\0`);
  for (const name of [...examples.keys()].sort()) hash.update(`example\0${name}\0${examples.get(name)}\0`);
  const packages = lockfile ? ((JSON.parse(lockfile) as { packages?: Record<string, LockedPackage> }).packages ?? {}) : {};
  // The hovers come from declarations the pipeline reads without importing them.
  const imported = new Set([...names.flatMap((name) => packagesImportedBy(files.get(name)!)), ...DECLARATION_PACKAGES]);
  for (const [at, locked] of lockedClosure(imported, packages)) hash.update(`${at}\0${locked.version ?? ''}\0${locked.integrity ?? ''}\0`);
  return hash.digest('hex').slice(0, 32);
}

/** The package names a module imports (`shiki/core` → `shiki`, `@shikijs/rehype` as it is); Node's built-ins left out. */
export function packagesImportedBy(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^'.\/][^']*)'/g)) {
    const specifier = match[1]!;
    if (specifier.startsWith('node:')) continue;
    const parts = specifier.split('/');
    names.push(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return names;
}

/**
 * The locked entries (`node_modules/…` paths, sorted) of `names` and of everything they depend
 * on, resolved as Node does: a dependency nested under its dependent first, then further up.
 * A name the lockfile lacks (a type-only import such as `hast`) adds nothing.
 */
function lockedClosure(names: Iterable<string>, packages: Record<string, LockedPackage>): [string, LockedPackage][] {
  const found = new Map<string, LockedPackage>();
  const visit = (name: string, from: string) => {
    // From `node_modules/a/node_modules/b`, look in b's, then a's, then the top node_modules/.
    for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const at = `${base ? `${base}/` : ''}node_modules/${name}`;
      const locked = packages[at];
      if (locked) {
        if (found.has(at)) return;
        found.set(at, locked);
        for (const dependency of Object.keys({ ...locked.dependencies, ...locked.optionalDependencies })) visit(dependency, at);
        return;
      }
      if (!base) return;
    }
  };
  for (const name of names) visit(name, '');
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

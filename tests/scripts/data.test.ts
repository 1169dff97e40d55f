/** `npm run data`'s launcher: the pipeline bundled again only when a source it was made from, or package-lock.json, changed. */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleOf } from '../../scripts/data.mjs';
import { tempDir } from '../temp-dir.ts';

/**
 * Writes a file dated `secondsAgo` (the launcher trusts no source saved in the last two seconds),
 * in whole seconds, which a file's time keeps exactly; returns the time.
 */
function writeDated(file: string, text: string, secondsAgo: number): number {
  writeFileSync(file, text);
  const at = Math.floor(Date.now() / 1000) - secondsAgo;
  utimesSync(file, at, at);
  return at;
}

describe('the launcher of npm run data', () => {
  it('bundles again when a source or package-lock.json changed, and not otherwise', async () => {
    const project = tempDir('rslib-docs-launcher-');
    mkdirSync(path.join(project, 'src'));
    const bundles = path.join(project, 'bundles');
    const main = path.join(project, 'src', 'main.ts');
    const word = path.join(project, 'src', 'word.ts');
    writeDated(path.join(project, 'package-lock.json'), '{}', 60);
    writeDated(main, "import { word } from './word.ts';\nexport const says: string = `${word} ${import.meta.url}`;\n", 60);
    const wordTime = writeDated(word, "export const word = 'first';\n", 60);

    const first = await bundleOf(project, 'src/main.ts', bundles);
    expect(readFileSync(first, 'utf8')).toContain('first');
    // Each source keeps its own URL in the bundle.
    const { says } = (await import(pathToFileURL(first).href)) as { says: string };
    expect(says).toBe(`first ${pathToFileURL(main).href}`);

    // Same size and time: taken as unchanged, the last bundle is used as it is.
    writeFileSync(word, "export const word = 'fifth';\n");
    utimesSync(word, wordTime, wordTime);
    expect(await bundleOf(project, 'src/main.ts', bundles)).toBe(first);

    // package-lock.json changed (the packages are in the bundle): bundled again, with the source as it is now.
    writeDated(path.join(project, 'package-lock.json'), '{ }', 30);
    const second = await bundleOf(project, 'src/main.ts', bundles);
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toContain('fifth');

    // A source saved: bundled again.
    writeDated(word, "export const word = 'third, longer';\n", 20);
    expect(readFileSync(await bundleOf(project, 'src/main.ts', bundles), 'utf8')).toContain('third, longer');
  }, 60_000);
});

/** What a run-time bundle's stamp names and when it still vouches for the bundle (runtime/bundle-inputs.mjs). */
import { cpSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inputsKey, stampedInputs, stampHolds } from '../../runtime/bundle-inputs.mjs';
import { tempDir } from '../temp-dir.ts';

function writeDated(file: string, text: string, secondsAgo: number): void {
  writeFileSync(file, text);
  const at = Math.floor(Date.now() / 1000) - secondsAgo;
  utimesSync(file, at, at);
}

describe('a run-time bundle stamp', () => {
  it('names the project files, package-lock.json and the modules that make the bundle, and holds until one of them changes', () => {
    const project = tempDir('rslib-docs-stamp-');
    for (const file of ['main.ts', 'package-lock.json', 'maker.mjs']) writeDated(path.join(project, file), `// ${file}\n`, 60);
    const madeBy = [pathToFileURL(path.join(project, 'maker.mjs'))];
    const inputs = stampedInputs(project, ['main.ts', 'node_modules/zod/index.js'], madeBy);
    expect(inputs).toEqual(['main.ts', 'package-lock.json', 'maker.mjs']);
    const stamp = { inputs, key: inputsKey(project, inputs) };
    expect(stampHolds(project, stamp, madeBy)).toBe(true);

    // A stamp written before the makers were named does not vouch for its bundle, whatever its key.
    const older = ['main.ts'];
    expect(stampHolds(project, { inputs: older, key: inputsKey(project, older) }, madeBy)).toBe(false);
    expect(stampHolds(project, null, madeBy)).toBe(false);

    // The same files, with their sizes and times, in a copy of the project: the stamp is not the copy's.
    const copy = tempDir('rslib-docs-stamp-copy-');
    cpSync(project, copy, { recursive: true, preserveTimestamps: true });
    expect(inputsKey(copy, inputs)).not.toBe(stamp.key);
    expect(stampHolds(copy, stamp, [pathToFileURL(path.join(copy, 'maker.mjs'))])).toBe(false);

    // The maker changed (other esbuild options, say): the bundle is made again.
    writeDated(path.join(project, 'maker.mjs'), '// maker.mjs, with other options\n', 30);
    expect(stampHolds(project, stamp, madeBy)).toBe(false);
  });
});

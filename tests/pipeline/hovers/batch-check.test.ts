import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { batchErrors, errorsOf } from '../../../pipeline/hovers/batch-check.ts';
import { plainConfigCheck } from '../../../pipeline/hovers/plain-check.ts';
import { startLanguageServer, type ServerDiagnostic } from '../../../pipeline/hovers/language-server.ts';
import { writeSampleProject } from '../../../pipeline/hovers/sample-project.ts';
import { quickInfoOf, type SampleHovers } from '../../../pipeline/hovers/quick-info.ts';
import type { SampleBlock } from '../../../pipeline/hovers/sample.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const config = (lib: string): SampleBlock => ({ lang: 'ts', title: 'rslib.config.ts', mode: 'module', code: `import { defineConfig } from '@rslib/core';\n\nexport default defineConfig({\n  lib: [{ ${lib} }],\n});` });

describe('type errors of many samples at once', () => {
  it("reads the compiler's plain output as the language server words its errors: place, code, message with its indented lines", () => {
    const output = [
      "sample-b.ts(4,12): error TS2322: Type '\"esn\"' is not assignable to type 'Format | undefined'.",
      "sample-c.ts(2,1): error TS2304: Cannot find name 'nope'.",
      '  A line that elaborates it.',
      '    And one deeper.',
      'Found 2 errors in 2 files.',
    ].join('\n');
    const found = errorsOf(output, '/p');
    expect([...found.keys()]).toEqual(['/p/sample-b.ts', '/p/sample-c.ts']);
    expect(found.get('/p/sample-b.ts')).toEqual([{ line: 3, character: 11, code: 2322, message: "Type '\"esn\"' is not assignable to type 'Format | undefined'." }]);
    expect(found.get('/p/sample-c.ts')![0]!.message).toBe("Cannot find name 'nope'.\n  A line that elaborates it.\n    And one deeper.");
  });

  it('finds the errors of many samples at once where the language server finds them, worded alike', async () => {
    const samples: Array<[string, SampleBlock]> = [
      ['ok', config("format: 'esm'")],
      ['wrong-value', config("format: 'esn'")],
      ['unknown-key', config("format: 'cjs', formatt: 'cjs'")],
    ];
    const project = writeSampleProject(root, 'batch-check-test', samples.map(([name, sample]) => [name, sample] as const));
    const server = await startLanguageServer(root);
    try {
      const files = project.files.map(({ file }) => file);
      const batch = await batchErrors(root, project.dir, files, (file) => plainConfigCheck(readFileSync(file, 'utf8'), file));
      // The first line and the innermost one of each message, as the build reports them (quick-info.ts: messageOf).
      const said = (errors: ServerDiagnostic[]) => errors.map(({ line, character, code, message }) => [line, character, code, message.split('\n')[0], message.split('\n').at(-1)!.trim()]);
      for (const file of files) expect(said(batch.get(file)!), file).toEqual(said(await server.errors(file)));
      expect(batch.get(files[0]!)).toEqual([]);
      expect(said(batch.get(files[1]!)!)).toEqual([[3, 10, 2769, 'No overload matches this call.', "Type '\"esn\"' is not assignable to type 'Format | undefined'."]]);
      expect(said(batch.get(files[2]!)!)[0]).toEqual([3, 25, 2769, 'No overload matches this call.', expect.stringMatching(/'formatt' does not exist in type 'LibConfig'/)]);
    } finally {
      await server.close();
      project.remove();
    }
  }, 60_000);

  it("answers a sample whose names were all asked about before from those answers, and finds its errors as a sample's own", async () => {
    // Keys of `b` sorts after `a`: every name of `b` is `a`'s, and its wrong value is its own error.
    const hovers = new Map<string, SampleHovers>();
    await quickInfoOf(root, new Map([['a-asked', config("format: 'esm'")], ['b-answered', config("format: 'esn'")]]), (answers) => {
      for (const [key, answer] of answers) hovers.set(key, answer);
    });
    expect(hovers.get('a-asked')!.problems).toEqual([]);
    expect(hovers.get('b-answered')!.problems).toEqual([{ line: 4, column: 11, message: `TS2769 No overload matches this call. Type '"esn"' is not assignable to type 'Format | undefined'.` }]);
    const formatOf = (key: string) => hovers.get(key)!.infos.find((info) => info.signature.includes('LibConfig.format'));
    expect(formatOf('b-answered')).toEqual(formatOf('a-asked'));
  }, 60_000);
});

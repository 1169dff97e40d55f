import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { errorsOf } from '../../../pipeline/hovers/batch-check.ts';
import { quickInfoOf } from '../../../pipeline/hovers/quick-info.ts';
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

  it('reports the errors of a sample whose names were all asked about in an earlier one as the language server reports those of a sample it is asked about', async () => {
    // Keys of `b` and `d` sort after `a` and `c`: each is the second sample of its pair, answered from the first, its errors found by the compiler.
    const samples = new Map<string, SampleBlock>([
      ['a-asked', config("format: 'esm'")],
      ['b-batched', config("format: 'esn'")],
      ['c-asked', config("formatt: 'cjs'")],
      ['d-batched', config("format: 'cjs', formatt: 'cjs'")],
    ]);
    const hovers = await quickInfoOf(root, samples);
    expect(hovers.get('a-asked')!.problems).toEqual([]);
    const asked = hovers.get('c-asked')!.problems;
    expect(asked).toEqual([{ line: 4, column: 11, message: expect.stringMatching(/^TS2\d+ .*'formatt'/) }]);
    // The same error, found by the compiler for `d`, is placed and worded alike.
    expect(hovers.get('d-batched')!.problems).toEqual([{ ...asked[0]!, column: 26 }]);
    expect(hovers.get('b-batched')!.problems).toEqual([{ line: 4, column: 11, message: `TS2769 No overload matches this call. Type '"esn"' is not assignable to type 'Format | undefined'.` }]);
    // Its names have the answers of the first: the same declaration, linked to the same page.
    const formatOf = (key: string) => hovers.get(key)!.infos.find((info) => info.signature.includes('LibConfig.format'));
    expect(formatOf('b-batched')).toEqual(formatOf('a-asked'));
  }, 60_000);
});

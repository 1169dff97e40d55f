import { describe, expect, it } from 'vitest';
import { SIGNATURE_LENGTH, shortSignature } from '../../../pipeline/hovers/quick-info.ts';

describe('quick info', () => {
  it('cuts a long declaration after the line that reaches its length, and leaves a short one whole', () => {
    expect(shortSignature('(property) LibConfig.format?: Format | undefined')).toBe('(property) LibConfig.format?: Format | undefined');
    const long = ['const BannerPlugin: new (args: BannerPluginArgument) => {', '    name: string;', '    _args: [args: BannerPluginArgument];', '    apply(compiler: Compiler): void;', '}'].join('\n');
    const cut = shortSignature(long);
    expect(cut).toBe(`${long.split('\n').slice(0, 3).join('\n')} …`);
    expect(cut.length).toBeLessThan(long.length);
    // One line, however long, stays whole: there is nowhere to cut it cleanly.
    expect(shortSignature('x'.repeat(SIGNATURE_LENGTH * 2))).toHaveLength(SIGNATURE_LENGTH * 2);
  });
});

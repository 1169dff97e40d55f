import { describe, expect, it } from 'vitest';
import { infoOfHover, SIGNATURE_LENGTH, shortSignature } from '../../../pipeline/hovers/quick-info.ts';

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

  it("reads the language server's hover: the declaration, the summary, the tags readers need, web links as {@link}", () => {
    // As TypeScript 7's server writes the hover of LibConfig.format.
    const hover = [
      '```typescript',
      '(property) LibConfig.format?: Format | undefined',
      '```',
      'Output format, see [the guide](https://rslib.rs/guide/basic/output-format) and [`environ(7)`](http://man7.org/environ.7.html).',
      'Second line of the summary.',
      '',
      'A second paragraph, left out.',
      '',
      "*@defaultValue* — `'esm'`",
      '',
      '*@example* — not shown',
      '',
      '*@see* — [https://rslib.rs/config/lib/format](https://rslib.rs/config/lib/format)',
      '',
      '*@deprecated*',
    ].join('\n');
    expect(infoOfHover(hover)).toEqual({
      signature: '(property) LibConfig.format?: Format | undefined',
      docs: 'Output format, see {@link https://rslib.rs/guide/basic/output-format the guide} and {@link http://man7.org/environ.7.html environ(7)}.\nSecond line of the summary.',
      tags: [
        ['default', "`'esm'`"],
        ['see', '{@link https://rslib.rs/config/lib/format}'],
        ['deprecated', ''],
      ],
    });
    // A link into a declaration file ({@link bundle}) is its text; a hover with no JSDoc has none.
    expect(infoOfHover('```typescript\n(property) redirect?: Redirect\n```\napplicable when [bundle](file:///x/config.d.ts#L12) is false')!.docs).toBe('applicable when bundle is false');
    expect(infoOfHover('```typescript\nconst pkg: any\n```\n')).toEqual({ signature: 'const pkg: any', docs: '', tags: [] });
    expect(infoOfHover('no declaration')).toBeNull();
  });
});

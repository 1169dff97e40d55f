import { createHighlighterCore, type PatternScanner, type RegexEngine } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { describe, expect, it } from 'vitest';
import { sharingScanners } from '../../../pipeline/compile/shared-scanners.ts';

/** Oniguruma, counting the scanners it compiles (and their patterns) and frees. */
async function countingEngine() {
  const engine = await createOnigurumaEngine(import('shiki/wasm'));
  const counts = { compiled: 0, patterns: 0, freed: 0 };
  const counting: RegexEngine = {
    createString: (content) => engine.createString(content),
    createScanner(patterns) {
      counts.compiled++;
      counts.patterns += patterns.length;
      const scanner = engine.createScanner(patterns);
      return {
        findNextMatchSync: (string, start, options) => scanner.findNextMatchSync(string, start, options),
        dispose() {
          counts.freed++;
          scanner.dispose?.();
        },
      };
    },
  };
  return { counting, counts };
}

const matchOf = (scanner: PatternScanner, text: string) => scanner.findNextMatchSync(text, 0, 0)?.index;

describe('sharing compiled patterns', () => {
  it('compiles a pattern once, however many rules ask for it', async () => {
    const { counting, counts } = await countingEngine();
    const engine = sharingScanners(counting);
    const first = engine.createScanner(['a+', 'b+']);
    const second = engine.createScanner([/a+/, 'b+']);
    const other = engine.createScanner(['b+', 'a+']);
    expect(counts.compiled).toBe(2);
    expect([matchOf(first, 'xxbb'), matchOf(second, 'xxbb'), matchOf(other, 'xxaa')]).toEqual([1, 1, 1]);
  });

  it('frees a scanner with its last handle, and compiles it again when asked after that', async () => {
    const { counting, counts } = await countingEngine();
    const engine = sharingScanners(counting);
    const first = engine.createScanner(['a+']);
    const second = engine.createScanner(['a+']);
    first.dispose!();
    first.dispose!();
    expect(counts.freed).toBe(0);
    expect(matchOf(second, 'ba')).toBe(0);
    second.dispose!();
    expect(counts.freed).toBe(1);
    const third = engine.createScanner(['a+']);
    expect(counts.compiled).toBe(2);
    expect(matchOf(third, 'ba')).toBe(0);
  });

  it('finds what a compiled list finds, from every position of a line, with and without \\G', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    const sharing = sharingScanners(engine);
    const lists = [['\\G\\s*x', 'b+', 'a(?=b)', '(?<=a)b', 'x|y'], ['$', '\\Ga', 'ab|ba', '\\s+'], ['(?=b)', 'a*']];
    for (const patterns of lists) {
      const list = engine.createScanner(patterns);
      const shared = sharing.createScanner(patterns);
      for (const text of ['aabbxy', ' ab ba x', 'xxbaab', '']) {
        for (const options of [0, 1, 4]) {
          // As vscode-textmate searches a line: one string object, from positions that only grow.
          const line = engine.createString(text);
          for (let start = 0; start <= text.length; start++) expect([text, start, options, shared.findNextMatchSync(line, start, options)]).toEqual([text, start, options, list.findNextMatchSync(line, start, options)]);
        }
      }
    }
  });

  it('compiles fewer patterns for grammars that share regexes, and colours as an engine of their own does', async () => {
    const code = 'import { defineConfig } from "@rslib/core";\nexport default defineConfig({ lib: [{ format: "esm", dts: true }] });\nconst el = <div className="x">{`a${1}`}</div>;\n';
    const highlight = async (engine: RegexEngine) => {
      const shiki = await createHighlighterCore({ themes: [import('shiki/themes/github-light.mjs')], langs: [import('@shikijs/langs/typescript'), import('@shikijs/langs/tsx'), import('@shikijs/langs/jsx')], engine });
      return ['typescript', 'tsx', 'jsx'].map((lang) => shiki.codeToHtml(code, { lang, theme: 'github-light' }));
    };
    const alone = await countingEngine();
    const apart = await highlight(alone.counting);
    const shared = await countingEngine();
    const together = await highlight(sharingScanners(shared.counting));
    expect(together).toEqual(apart);
    expect(shared.counts.patterns).toBeLessThan(alone.counts.patterns * 0.5);
  });
});

import { describe, expect, it } from 'vitest';
import type { IGrammar, IToken, StateStack } from 'shiki/textmate';
import { createHighlighter } from '../../../pipeline/compile/highlight.ts';
import { lineMemo } from '../../../pipeline/compile/line-memo.ts';

interface Tokenized {
  tokens: IToken[];
  ruleStack: StateStack;
  stoppedEarly: boolean;
}

const highlighter = await createHighlighter(['ts']);
const grammar: IGrammar = highlighter.shiki.getInternalContext().getLanguage('typescript');

/** Tokenizes a block's lines one after the other through the memo; counts the lines really tokenized. */
function tokenizeBlock(memo: ReturnType<typeof lineMemo<Tokenized>>, code: string, counter: { tokenized: number }, stopEarly = false): Tokenized[] {
  let state: StateStack | null = null;
  return code.split('\n').map((line) => {
    const result = memo.get(grammar, line, state, () => {
      counter.tokenized++;
      const { tokens, ruleStack } = grammar.tokenizeLine(line, state);
      return { tokens, ruleStack, stoppedEarly: stopEarly };
    });
    state = result.ruleStack;
    return result;
  });
}

/** Each line's tokens as scopes over text, comparable between runs. */
const shape = (lines: Tokenized[], code: string) =>
  lines.map((line, n) => line.tokens.map((token) => `${code.split('\n')[n]!.slice(token.startIndex, token.endIndex)}=${token.scopes.join(' ')}`));

describe('the line memo of tokenizing', () => {
  const first = "import { defineConfig } from '@rslib/core';\nexport default defineConfig({\n  lib: [{ format: 'esm' }],\n});";
  const second = "import { defineConfig } from '@rslib/core';\nexport default defineConfig({\n  lib: [{ format: 'cjs' }],\n});";

  it('does not tokenize again a line met before in an equal state, and gives what tokenizing gives', () => {
    const memo = lineMemo<Tokenized>();
    const counter = { tokenized: 0 };
    tokenizeBlock(memo, first, counter);
    expect(counter.tokenized).toBe(4);
    const again = tokenizeBlock(memo, second, counter);
    // Only the third line differs; the last one starts in a state equal to the first block's.
    expect(counter.tokenized).toBe(5);
    const fresh = tokenizeBlock(lineMemo<Tokenized>(), second, { tokenized: 0 });
    expect(shape(again, second)).toEqual(shape(fresh, second));
  });

  it('tokenizes the same text again where it starts in another state', () => {
    const memo = lineMemo<Tokenized>();
    const counter = { tokenized: 0 };
    // `lib: 1,` at the top level is a label; inside the template string it is text.
    const plain = 'const a = 1;\nlib: 1,';
    const inString = 'const a = `\nlib: 1,\n`;';
    tokenizeBlock(memo, plain, counter);
    const lines = tokenizeBlock(memo, inString, counter);
    expect(counter.tokenized).toBe(5);
    expect(shape(lines, inString)).toEqual(shape(tokenizeBlock(lineMemo<Tokenized>(), inString, { tokenized: 0 }), inString));
    expect(lines[1]!.tokens.every((token) => token.scopes.some((scope) => scope.startsWith('string.template')))).toBe(true);
  });

  it('keeps no line whose tokenizing stopped early, and at most its size', () => {
    const stopped = lineMemo<Tokenized>();
    const counter = { tokenized: 0 };
    tokenizeBlock(stopped, first, counter, true);
    tokenizeBlock(stopped, first, counter, true);
    expect(counter.tokenized).toBe(8);

    const small = lineMemo<Tokenized>(1);
    const smallCounter = { tokenized: 0 };
    for (const line of ['const a = 1;', 'const b = 2;', 'const b = 2;', 'const a = 1;']) tokenizeBlock(small, line, smallCounter);
    // `b` pushed `a` out: `b` is found again, `a` is tokenized again.
    expect(smallCounter.tokenized).toBe(3);
  });
});

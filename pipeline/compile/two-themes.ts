/**
 * Shiki's codeToHast for a light and a dark theme, with each line tokenized once instead of once
 * per theme. vscode-textmate resolves the theme's colours while it tokenizes, so shiki runs the
 * grammar over a block for each theme of `themes`, and running the grammar is most of
 * highlighting (most of a cold build's time after parsing).
 *
 * Here the grammar shiki is handed reads each line once, with the scopes of every token
 * (`tokenizeLine`), and resolves both themes' colours from those scopes the way vscode-textmate
 * does while tokenizing: from the theme's defaults, each scope of the token's path, outermost
 * first, whose rule sets a colour or a font style overrides what its parents set. Shiki's pass
 * for the first theme gets that theme's tokens; its pass for the second gets the tokens kept for
 * it, with no second tokenizing. Both passes split a line at the same places, where either
 * theme's style changes. Everything else (transformers, the HAST) is shiki's own codeToHast.
 *
 * tests/pipeline/compile/two-themes.test.ts compares the result with shiki's on every code block
 * of content/.
 */
import type { Root } from 'hast';
import { codeToHast, type CodeToHastOptions, type HighlighterCore } from 'shiki/core';
import { EncodedTokenMetadata, Theme, type IGrammar, type IToken, type StateStack } from 'shiki/textmate';
import { lineMemo } from './line-memo.ts';

/** codeToHast with `themes` of exactly the two theme names given when it was made. */
export type TwoThemeCodeToHast = (code: string, options: CodeToHastOptions) => Root;

/** A path of scopes as Theme.match reads it (vscode-textmate's ScopeStack, which it does not export). */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

export function twoThemeCodeToHast(shiki: HighlighterCore, themeNames: readonly [string, string]): TwoThemeCodeToHast {
  const primitive = shiki.getInternalContext();
  // Made from the same theme objects as shiki's own: their colour ids are the ones shiki decodes.
  const themes = themeNames.map((name) => Theme.createFromRawTheme(primitive.getTheme(name))) as [Theme, Theme];
  const styles = new Map<string, [number, number]>();
  const styleOf = (scopes: readonly string[]) => {
    const key = scopes.join('\n');
    let pair = styles.get(key);
    if (!pair) styles.set(key, (pair = [metadataOf(themes[0], scopes), metadataOf(themes[1], scopes)]));
    return pair;
  };
  let pass = 0;
  /** The second theme's tokens of each line, kept from the first pass in the order shiki asks again. */
  const kept: Array<{ line: string; tokens: Uint32Array; ruleStack: StateStack; stoppedEarly: boolean }> = [];
  /** Each line's tokens for both themes and the state after it, by the state it starts in (line-memo.ts). */
  const lines = lineMemo<{ first: Uint32Array; second: Uint32Array; ruleStack: StateStack }>();
  const grammars = new Map<IGrammar, IGrammar>();
  const grammarFor = (grammar: IGrammar): IGrammar => {
    let wrapped = grammars.get(grammar);
    if (wrapped) return wrapped;
    // Everything else (its name, which shiki reads) from the grammar itself.
    wrapped = Object.create(grammar, {
      tokenizeLine2: {
        value(line: string, state: StateStack | null, timeLimit?: number) {
          if (pass === 1) {
            const next = kept.shift();
            if (next?.line !== line) throw new Error('two-themes: the second theme asked for a line the first did not tokenize');
            return { tokens: next.tokens, ruleStack: next.ruleStack, stoppedEarly: next.stoppedEarly };
          }
          const { first, second, ruleStack, stoppedEarly } = lines.get(grammar, line, state, () => {
            const result = grammar.tokenizeLine(line, state, timeLimit);
            const [first, second] = encode(result.tokens, line.length, styleOf);
            return { first, second, ruleStack: result.ruleStack, stoppedEarly: result.stoppedEarly };
          });
          kept.push({ line, tokens: second, ruleStack, stoppedEarly });
          return { tokens: first, ruleStack, stoppedEarly };
        },
      },
    }) as IGrammar;
    grammars.set(grammar, wrapped);
    return wrapped;
  };
  const paired = {
    ...primitive,
    setTheme(name: string) {
      pass = themeNames.indexOf(name);
      return primitive.setTheme(name);
    },
    getLanguage(name: string) {
      return grammarFor(primitive.getLanguage(name));
    },
  } as typeof primitive;
  return (code, options) => {
    const names = 'themes' in options ? Object.values(options.themes ?? {}) : [];
    if (names.length !== 2 || names[0] !== themeNames[0] || names[1] !== themeNames[1]) throw new Error(`two-themes: made for ${themeNames.join(' and ')}, asked for ${names.join(', ')}`);
    try {
      return codeToHast(paired, code, options);
    } finally {
      // A block shiki gave up on midway leaves nothing for the next.
      kept.length = 0;
    }
  };
}

/** What vscode-textmate's tokenizing gives a token of these scopes under `theme`: its colour and font style. */
function metadataOf(theme: Theme, scopes: readonly string[]): number {
  const defaults = theme.getDefaults();
  let fontStyle = defaults.fontStyle;
  let foreground = defaults.foregroundId;
  let path: ScopePath | null = null;
  for (const scopeName of scopes) {
    path = { parent: path, scopeName };
    const style = theme.match(path as Parameters<Theme['match']>[0]);
    if (!style) continue;
    if (style.fontStyle !== -1) fontStyle = style.fontStyle;
    if (style.foregroundId !== 0) foreground = style.foregroundId;
  }
  return EncodedTokenMetadata.set(0, 0, 0, null, fontStyle, foreground, 0);
}

/**
 * A line's tokens in tokenizeLine2's form (start offset, metadata) for each theme, split where
 * either theme's style changes. Tokens that start past the line (vscode-textmate's end-of-line
 * token) are left out, as tokenizeLine2 leaves them.
 */
function encode(tokens: readonly IToken[], length: number, styleOf: (scopes: readonly string[]) => [number, number]): [Uint32Array, Uint32Array] {
  const first: number[] = [];
  const second: number[] = [];
  let previous: [number, number] | null = null;
  for (const token of tokens) {
    if (token.startIndex >= length && first.length > 0) break;
    const pair = styleOf(token.scopes);
    if (previous && previous[0] === pair[0] && previous[1] === pair[1]) continue;
    first.push(token.startIndex, pair[0]);
    second.push(token.startIndex, pair[1]);
    previous = pair;
  }
  return [Uint32Array.from(first), Uint32Array.from(second)];
}

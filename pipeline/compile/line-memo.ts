/**
 * Lines a grammar has tokenized before, with what tokenizing gave them. A line's tokens and the
 * state after it follow from the grammar, the line's text and the state it starts in, nothing
 * else: vscode-textmate keeps no other memory between lines (what its state holds besides, the
 * position where each rule was entered, is reset as each line starts). So a line met again in
 * the same state is not tokenized again. Code samples repeat most of their lines: on content/,
 * 4,526 lines of distinct blocks had 1,466 distinct texts (`import { defineConfig } from
 * '@rslib/core';`, `export default defineConfig({`, `  lib: [`).
 *
 * States are told apart by what vscode-textmate itself serializes of them (toStateStackFrame,
 * each element of the stack on its parent): the rule, the end pattern with its back-references
 * filled in, whether the rule's begin captured the end of a line, the scopes. Two states with
 * the same description tokenize every line the same.
 */
import { INITIAL, type IGrammar, type StateStack, type StateStackImpl } from 'shiki/textmate';

/**
 * Lines a memo keeps at most (those not met for longest go first, a generation at a time: see
 * lineMemo). A distinct line of a code sample holds a few hundred bytes here; a site of 1,000
 * pages per language has about 37,000.
 */
export const LINE_MEMO_SIZE = 20_000;

/** What tokenizing a line gave, in whatever form the caller keeps it. */
export interface LineMemo<T> {
  /** The line's result from an earlier call in an equal state, or `tokenize()`'s (kept unless it stopped early). */
  get(grammar: IGrammar, line: string, state: StateStack | null, tokenize: () => T & { stoppedEarly: boolean }): T & { stoppedEarly: boolean };
}

export function lineMemo<T>(size = LINE_MEMO_SIZE): LineMemo<T> {
  type Kept = T & { stoppedEarly: boolean };
  // The lines kept, by grammar and starting state (a number for the pair), then by text: the
  // line's own string is the key, hashed once, where a key made of the three was a new string of
  // the line's length to hash on every call. Two generations stand in for a least-recently-used
  // order: a line found in the old one moves to the young one, and when the young one is full it
  // becomes the old one, dropping the lines not met since. A hit in the young generation is one
  // lookup, where keeping an exact order moved the line on every hit (a delete and a set).
  const generation = Math.max(1, Math.floor(size / 2));
  let young = new Map<number, Map<string, Kept>>();
  let old = new Map<number, Map<string, Kept>>();
  let youngLines = 0;
  // A state's number names its description; numbers are never reused, so a state keeps its
  // number when the table of descriptions is emptied (it only stops being shared).
  const stateNumbers = new WeakMap<StateStack, number>();
  const numbersByDescription = new Map<string, number>();
  let lastNumber = 0;
  const grammarNumbers = new Map<IGrammar, number>();
  const numberOf = (state: StateStack | null): number => {
    // The state before a first line: vscode-textmate starts every first line the same way.
    if (!state || state === INITIAL) return 0;
    let number = stateNumbers.get(state);
    if (number !== undefined) return number;
    const element = state as StateStackImpl;
    const description = `${numberOf(element.parent)}\n${JSON.stringify(element.toStateStackFrame())}`;
    number = numbersByDescription.get(description);
    if (number === undefined) {
      if (numbersByDescription.size >= size) numbersByDescription.clear();
      numbersByDescription.set(description, (number = ++lastNumber));
    }
    stateNumbers.set(state, number);
    return number;
  };
  return {
    get(grammar, line, state, tokenize) {
      let grammarNumber = grammarNumbers.get(grammar);
      if (grammarNumber === undefined) {
        if (grammarNumbers.size === GRAMMARS_AT_MOST) throw new Error(`line-memo: more than ${GRAMMARS_AT_MOST} grammars`);
        grammarNumbers.set(grammar, (grammarNumber = grammarNumbers.size));
      }
      // Grammars are few (a site's languages and those they embed); states many.
      const pair = numberOf(state) * GRAMMARS_AT_MOST + grammarNumber;
      let lines = young.get(pair);
      const known = lines?.get(line);
      if (known) return known;
      const result = old.get(pair)?.get(line) ?? tokenize();
      if (result.stoppedEarly) return result;
      if (!lines) young.set(pair, (lines = new Map()));
      lines.set(line, result);
      if (++youngLines >= generation) {
        old = young;
        young = new Map();
        youngLines = 0;
      }
      return result;
    },
  };
}

/** Grammars a memo tells apart: numbers of a state and a grammar make one number below 2^53. */
const GRAMMARS_AT_MOST = 1024;

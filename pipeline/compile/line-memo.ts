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
 * Lines a memo keeps at most (the ones used longest ago go first). A distinct line of a code
 * sample holds a few hundred bytes here; a site of 1,000 pages per language has about 37,000.
 */
export const LINE_MEMO_SIZE = 20_000;

/** What tokenizing a line gave, in whatever form the caller keeps it. */
export interface LineMemo<T> {
  /** The line's result from an earlier call in an equal state, or `tokenize()`'s (kept unless it stopped early). */
  get(grammar: IGrammar, line: string, state: StateStack | null, tokenize: () => T & { stoppedEarly: boolean }): T & { stoppedEarly: boolean };
}

export function lineMemo<T>(size = LINE_MEMO_SIZE): LineMemo<T> {
  const lines = new Map<string, T & { stoppedEarly: boolean }>();
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
      if (grammarNumber === undefined) grammarNumbers.set(grammar, (grammarNumber = grammarNumbers.size));
      const key = `${grammarNumber} ${numberOf(state)}\n${line}`;
      const known = lines.get(key);
      if (known) {
        lines.delete(key);
        lines.set(key, known);
        return known;
      }
      const result = tokenize();
      if (result.stoppedEarly) return result;
      lines.set(key, result);
      if (lines.size > size) lines.delete(lines.keys().next().value!);
      return result;
    },
  };
}

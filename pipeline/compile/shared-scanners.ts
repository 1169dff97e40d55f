/**
 * Shiki's regex engine with each distinct pattern compiled once. vscode-textmate compiles a
 * scanner (every pattern of a rule, in Oniguruma) for each rule of each grammar when tokenizing
 * first reaches it, and compiling was most of what highlighting content/ cost: its blocks made
 * 212 scanners of 6,459 patterns, of which 954 are distinct (the statements of TypeScript, TSX,
 * JavaScript and JSX are the same regexes under other scope names, in the lists of dozens of rules).
 *
 * So each pattern is compiled as a scanner of its own, and a rule's scanner asks its patterns in
 * turn: the match that starts first wins, the earlier pattern on a tie, the first that matches at
 * the position itself ends the search. That is how vscode-oniguruma itself searches a long line
 * (onig.cc, findNextOnigScannerMatch), down to its memo: a pattern's last search of a line
 * stands for a later position of the same line, up to the match it found, unless the pattern
 * anchors at the position searched from (`\G`). Searched one by one, the patterns cost about
 * what a compiled list costs, and content/'s blocks highlighted in 1.4 s instead of 2.1.
 *
 * vscode-textmate frees a rule's scanner when it is done with it (a rule whose end pattern refers
 * back to its beginning gets a new one for each match, a grammar's rules all go when it is
 * disposed): each rule's scanner holds its patterns, and a pattern is freed with its last holder.
 */
import type { PatternScanner, RegexEngine, RegexEngineString } from 'shiki/core';

type Match = NonNullable<ReturnType<PatternScanner['findNextMatchSync']>>;
type SearchOptions = Parameters<PatternScanner['findNextMatchSync']>[2];

/** A compiled pattern, and its last search (of one line, from one position, with one set of options). */
interface Pattern {
  scanner: PatternScanner;
  holders: number;
  /** Whether a search may stand for a later one: not when the pattern matches at the search's start (`\G`). */
  memoized: boolean;
  line: RegexEngineString | null;
  options: SearchOptions;
  from: number;
  match: Match | null;
}

export function sharingScanners(engine: RegexEngine): RegexEngine {
  const compiled = new Map<string, Pattern>();
  const sourceOf = (pattern: string | RegExp) => (typeof pattern === 'string' ? pattern : pattern.source);
  const hold = (pattern: string | RegExp): Pattern => {
    const source = sourceOf(pattern);
    let found = compiled.get(source);
    if (!found) compiled.set(source, (found = { scanner: engine.createScanner([pattern]), holders: 0, memoized: !source.includes('\\G'), line: null, options: 0, from: 0, match: null }));
    found.holders++;
    return found;
  };
  const release = (pattern: string | RegExp) => {
    const source = sourceOf(pattern);
    const found = compiled.get(source)!;
    if (--found.holders > 0) return;
    compiled.delete(source);
    found.scanner.dispose?.();
  };
  return {
    createString: (content) => engine.createString(content),
    createScanner(sources) {
      const patterns = sources.map(hold);
      let open = true;
      return {
        findNextMatchSync(string, start, options) {
          let best: Match | null = null;
          let bestIndex = -1;
          for (let index = 0; index < patterns.length; index++) {
            const match = searchOf(patterns[index]!, string, start, options);
            if (!match) continue;
            const at = match.captureIndices[0]!.start;
            if (!best || at < best.captureIndices[0]!.start) {
              best = match;
              bestIndex = index;
            }
            if (at === start) break;
          }
          return best && { index: bestIndex, captureIndices: best.captureIndices };
        },
        dispose() {
          if (!open) return;
          open = false;
          sources.forEach(release);
        },
      };
    },
  };
}

/**
 * A pattern's first match at or after `start`: its last search's, when that one holds for this
 * one. A line is an object vscode-textmate makes once (createString); a plain string is never memoized.
 */
function searchOf(pattern: Pattern, string: string | RegexEngineString, start: number, options: SearchOptions): Match | null {
  const line = typeof string === 'string' ? null : string;
  if (line && pattern.memoized && pattern.line === line && pattern.options === options && pattern.from <= start && (!pattern.match || pattern.match.captureIndices[0]!.start >= start)) return pattern.match;
  const match = pattern.scanner.findNextMatchSync(string, start, options);
  if (line && pattern.memoized) {
    pattern.line = line;
    pattern.options = options;
    pattern.from = start;
    pattern.match = match;
  }
  return match;
}

/**
 * A declaration file as the hovers read it: one top-level statement at a time. A sample's names
 * lead to a few places in a few large files (lib.dom.d.ts alone is 2.3 MB, and asked about at six
 * places for content/), and Babel parsing whole files was 0.8 s of the hovers stage's worker,
 * nearly all of it for statements no name was declared in. Each statement is parsed when a place
 * in it is first asked about; a statement Babel cannot parse alone (where the statements were
 * not told apart as a compiler writes them) sends the file to Babel whole.
 */
import { nameAt, parseFile, parseStatements, type NameNode } from './syntax.ts';
import type { Node } from '@babel/types';

/**
 * The words a top-level statement of a declaration file starts with. A line that starts with one
 * of them at its first column is taken for a statement's start only after a statement's end
 * (`;` or `}`) outside brackets, comments, strings and templates: `extends` or `|` at the start of
 * a line continues a type.
 */
const STATEMENT_START = /(?:export|declare|interface|type|import|namespace|module|abstract|class|function|const|let|var|enum)\b/y;

export class DeclarationFile {
  /** The (0-based) line each top-level statement starts on, in order; the first is 0. */
  private readonly starts: number[];
  /** Where each line starts in the text. */
  private readonly lineOffsets: number[];
  /** Trees of statements by their first line; the whole file's under -1. */
  private readonly trees = new Map<number, Node | null>();

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.lineOffsets = [0];
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lineOffsets.push(at + 1);
    this.starts = statementStarts(text, this.lineOffsets);
  }

  /** The name declared at a place of the file (line and column 0-based), as nameAt finds it in the file's whole tree. */
  nameAt(line: number, column: number): NameNode | undefined {
    const index = lastAtOrBefore(this.starts, line);
    const first = this.starts[index]!;
    let tree = this.trees.get(first);
    if (tree === undefined) {
      const end = this.lineOffsets[this.starts[index + 1] ?? this.lineOffsets.length] ?? this.text.length;
      tree = parseStatements(this.text.slice(this.lineOffsets[first], end), this.file, first + 1);
      this.trees.set(first, tree);
    }
    if (tree) return nameAt(tree, line, column);
    let whole = this.trees.get(-1);
    if (whole === undefined) this.trees.set(-1, (whole = parseFile(this.text, this.file)));
    return whole ? nameAt(whole, line, column) : undefined;
  }
}

/** The index of the last of these ascending numbers that is at most `value` (the first when none is). */
function lastAtOrBefore(numbers: readonly number[], value: number): number {
  let low = 0;
  let high = numbers.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (numbers[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The lines top-level statements start on (see STATEMENT_START): a scan of the text that steps
 * over comments, strings and template literals (with their `${…}`, which may hold brackets and
 * templates of their own) and counts brackets. Line 0 always starts one.
 */
export function statementStarts(text: string, lineOffsets: readonly number[]): number[] {
  const starts = [0];
  let depth = 0;
  /** For each template literal the scan is inside a `${…}` of: the depth its `${` opened. */
  const templates: number[] = [];
  let ended = true;
  let line = 0;
  const inTemplate = (from: number): number => {
    // From inside a template's text to its end (the index after the backtick) or into a `${`.
    for (let at = from; at < text.length; at++) {
      const char = text[at];
      if (char === '\\') at++;
      else if (char === '\n') line++;
      else if (char === '`') return at + 1;
      else if (char === '$' && text[at + 1] === '{') {
        templates.push(depth);
        depth++;
        return at + 2;
      }
    }
    return text.length;
  };
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === '\n') {
      line++;
      STATEMENT_START.lastIndex = at + 1;
      if (depth === 0 && ended && STATEMENT_START.test(text)) starts.push(line);
      at++;
    } else if (char === ' ' || char === '\t' || char === '\r') {
      at++;
    } else if (char === '/' && text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
    } else if (char === '/' && text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (let newline = text.indexOf('\n', at); newline !== -1 && newline < stop; newline = text.indexOf('\n', newline + 1)) line++;
      at = stop;
    } else if (char === '"' || char === "'") {
      let end = at + 1;
      while (end < text.length && text[end] !== char && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      // An unclosed string ends with its line, whose newline the scan counts.
      at = text[end] === char ? end + 1 : end;
      ended = false;
    } else if (char === '`') {
      at = inTemplate(at + 1);
      ended = false;
    } else {
      if (char === '{' || char === '(' || char === '[') depth++;
      else if (char === '}' || char === ')' || char === ']') depth--;
      at++;
      if (char === '}' && templates.length > 0 && depth === templates.at(-1)) {
        templates.pop();
        at = inTemplate(at);
        ended = false;
        continue;
      }
      ended = depth === 0 && (char === ';' || char === '}');
    }
  }
  // A text whose lines the scan counted otherwise than lineOffsets did is read whole.
  return line === lineOffsets.length - 1 ? starts : [0];
}

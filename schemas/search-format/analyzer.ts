/**
 * Text analysis shared by the pipeline (index time) and the browser's engine (query time): both
 * must split text into exactly the same terms, or a query would look for terms the index never
 * stored. A change to the terms it produces bumps ANALYZER_VERSION (../search-index.ts).
 */
import type { CjkMode } from '../search-index.ts';

/**
 * Words too common to rank anything. They are not indexed (smaller file, no noise), and dropped
 * from queries, except for a query's last word while it is still being typed: `in` may become
 * `install`.
 */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the then this to was we what when where which will with you your'.split(
    ' ',
  ),
);
/**
 * Values readers type after an option's name (`autoExtension false`, `minify true`): they rank
 * the option's own section but are not required, since a page may spell the value otherwise.
 */
const VALUE_WORDS = new Set(['true', 'false', 'null', 'undefined']);

/** Chinese function characters; pairs containing them carry no meaning of their own. */
const CJK_STOP = new Set([...'的了是在和与或及等也就而吗呢吧啊']);

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3007]/u;
const WORD_RE = /[\p{L}\p{N}\p{M}$]/u;
/** Characters that glue identifier parts together: `lib.dts.bundle`, `auto-external`, `node_modules`. */
const JOINERS = new Set(['.', '-', '_', '/']);
const CAMEL_SPLIT = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** A term with the characters of the source text it stands for. */
export interface TermSpan {
  term: string;
  start: number;
  end: number;
}

/**
 * One typed token of a query: the terms that must all match, in one or more alternative
 * spellings. `autoExternal` is `[["autoexternal"], ["auto", "external"]]`.
 */
export interface QueryGroup {
  alternatives: string[][];
  /** A stop word or lone letter: dropped unless the query has nothing else. */
  stop: boolean;
  /**
   * A corpus-common term (`dts`, `bundle`, `format`): not required (its prose postings are not
   * in the index), but it adds its score where it matches a heading, an option name or code.
   */
  optional?: boolean;
  /**
   * Every term of the typed token, corpus-common ones included, when `alternatives` left some
   * out (`文件后缀` searches `缀`): what the token's synonym sets are looked up by.
   */
  source?: string[];
  /** Spellings from the site's synonym table: they match as alternatives do, with a lower weight. */
  synonyms?: string[][];
  /**
   * Its terms are corpus-common: their prose postings are not in the index, so a record that
   * misses them may well say them (a relaxed plan that drops this group loses little).
   */
  common?: boolean;
  /**
   * The term a documented name typed as this token is indexed under (nameTerm): the last dotted
   * part (`output.target` → `target`), the whole of a compound (`mf-dev` → `mfdev`), a flag as
   * written. Absent for CJK and stop words.
   */
  name?: string;
  /** A dotted token's parts (`dts.bundle` → `dts`, `bundle`): the path a heading that is the name holds. */
  path?: string[];
  /**
   * Typed with a capital and a small letter first (`AutoExternal`, `BuildResult`), as TypeScript
   * writes types, where options, functions and commands start small (`autoExternal`, `build`).
   */
  pascal?: true;
  /** Written as code: camelCase, PascalCase, dotted or a flag (`moduleFederation`, `lib.format`, `--watch`), not as words (`module-federation`, `format`). */
  code?: true;
  /**
   * The Chinese term still being typed, at the end of the query: it reaches the index's terms as a
   * prefix (`联` → 联邦). The other Chinese terms of a query are words the reader has finished,
   * and a lone character among them is only itself (`同` of `同构`, not 同时 or 同样).
   */
  typing?: string;
  /** A Chinese word being typed that is no word of the index (`模块联`): its synonym sets are found by prefix (模块联邦 → module federation). */
  partial?: true;
  /**
   * A corpus-common word of a Chinese phrase (模 and 块 of 模块联, cut 模|块|联): optional, and
   * scored only in a heading that holds the phrase's other words, where the words stand together
   * as typed (the module federation guide's 模块联邦, not a heading with 模 elsewhere).
   */
  phrasePart?: true;
  /**
   * The stem of a word typed in its -y form (`empti` of `empty`, see yStem), one of its
   * alternatives: reached as a prefix (empties, emptied), never by a typo, which would be the
   * word typed again (`minifi` is one edit from `minify`).
   */
  inflected?: string;
}

/**
 * The stem of an English word ending in a consonant and `y` (`empty` → `empti`), which begins its
 * -ies and -ied forms; null for any other word, or one shorter than 4 letters.
 */
export function yStem(word: string): string | null {
  return /^[a-z]{2,}[b-df-hj-np-tv-xz]y$/.test(word) ? word.slice(0, -1) + 'i' : null;
}

function normalize(term: string): string {
  // NFKC folds full-width letters (ｄｔｓ → dts); ASCII needs no folding.
  return /^[\x00-\x7f]*$/.test(term) ? term.toLowerCase() : term.normalize('NFKC').toLowerCase();
}

// ASCII fast paths: these run for every character of every highlighted text on each keystroke.
function isCjk(ch: string): boolean {
  return ch.charCodeAt(0) >= 0x1100 && CJK_RE.test(ch);
}
/** Whether a term or text holds a CJK character. */
export function hasCjk(text: string): boolean {
  for (const ch of text) if (isCjk(ch)) return true;
  return false;
}
/**
 * Whether the text's terms hold a CJK term in every mode, known without segmenting it: it has a
 * CJK character other than a function character (each mode keeps such a character, alone, in a
 * pair or in a word).
 */
export function hasCjkTerm(text: string): boolean {
  for (const ch of text) if (isCjk(ch) && !CJK_STOP.has(normalize(ch))) return true;
  return false;
}
function isWord(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36;
  return !isCjk(ch) && WORD_RE.test(ch);
}

/** A Latin-script token: joiner-separated runs, each run possibly camel-cased. */
interface WordToken {
  kind: 'word';
  start: number;
  end: number;
  /** A name's leading marker (`--`, `-`, `__`: `--config`, `-c`, `__dirname`), see leadingMarker. */
  lead: string;
  runs: { start: number; end: number; parts: { start: number; end: number }[] }[];
}
interface CjkToken {
  kind: 'cjk';
  start: number;
  end: number;
}
type Token = WordToken | CjkToken;

/** Splits text into word tokens (with identifier structure) and runs of CJK characters. */
function scan(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const chars = text; // indices are UTF-16 offsets; astral letters are rare enough to be split
  while (i < chars.length) {
    const ch = chars[i]!;
    if (isCjk(ch)) {
      const start = i;
      while (i < chars.length && isCjk(chars[i]!)) i++;
      tokens.push({ kind: 'cjk', start, end: i });
      continue;
    }
    if (!isWord(ch)) {
      i++;
      continue;
    }
    const token: WordToken = { kind: 'word', start: i, end: i, lead: leadingMarker(chars, i), runs: [] };
    for (;;) {
      const runStart = i;
      while (i < chars.length && isWord(chars[i]!)) i++;
      token.runs.push({ start: runStart, end: i, parts: camelParts(chars, runStart, i) });
      token.end = i;
      // A joiner continues the token only when a word character follows it.
      if (i + 1 < chars.length && JOINERS.has(chars[i]!) && isWord(chars[i + 1]!)) {
        i++;
        continue;
      }
      break;
    }
    tokens.push(token);
  }
  return tokens;
}

/**
 * The marker written before a word that starts at `at`, when it is a name's own spelling: a CLI
 * flag (`--config`, `-c`) or a module variable (`__dirname`), which readers type as written and
 * which the word alone does not name (`config` is every configuration page, `--config` is the
 * flag). Only a marker that starts a token (after a space, a bracket, a quote) and a word that
 * starts with a letter: `a-b` is a compound, `-1` a number.
 */
function leadingMarker(text: string, at: number): string {
  if (!/[a-zA-Z]/.test(text[at] ?? '')) return '';
  for (const marker of ['--', '__', '-']) {
    const start = at - marker.length;
    if (start >= 0 && text.startsWith(marker, start) && (start === 0 || !isWord(text[start - 1]!) && !JOINERS.has(text[start - 1]!))) return marker;
  }
  return '';
}

function camelParts(text: string, start: number, end: number): { start: number; end: number }[] {
  const run = text.slice(start, end);
  const pieces = run.split(CAMEL_SPLIT);
  if (pieces.length < 2) return [{ start, end }];
  const parts: { start: number; end: number }[] = [];
  let at = start;
  for (const piece of pieces) {
    parts.push({ start: at, end: at + piece.length });
    at += piece.length;
  }
  return parts;
}

function keepWordTerm(term: string): boolean {
  if (STOP_WORDS.has(term)) return false;
  // Lone letters are noise; lone digits are not (`Node 20`, `ES 5`).
  return term.length > 1 || /\p{N}/u.test(term);
}

/**
 * Adds a term if it is worth indexing. A module-level function, not a closure in wordSpans: the
 * pipeline runs under tsx, which wraps every named closure at creation, once per word here.
 */
function addWordTerm(spans: TermSpan[], term: string, start: number, end: number): void {
  if (term && keepWordTerm(term)) spans.push({ term, start, end });
}

/** Terms of a word token, each with its span. Parts, run wholes, and the whole compound. */
function wordSpans(text: string, token: WordToken): TermSpan[] {
  const spans: TermSpan[] = [];
  for (const run of token.runs) {
    addWordTerm(spans, normalize(text.slice(run.start, run.end)), run.start, run.end);
    if (run.parts.length > 1) for (const part of run.parts) addWordTerm(spans, normalize(text.slice(part.start, part.end)), part.start, part.end);
  }
  if (token.runs.length > 1 && wordJoined(text, token)) {
    const whole = token.runs.map((run) => normalize(text.slice(run.start, run.end))).join('');
    // Long chains make useless wholes; readers type at most a few parts.
    if (token.runs.length <= 4 && whole.length <= 32) addWordTerm(spans, whole, token.start, token.end);
  }
  // A flag or module variable is also indexed as written (see leadingMarker).
  if (token.lead) {
    const start = token.start - token.lead.length;
    const written = normalize(text.slice(start, token.end));
    if (written.length <= 32) spans.push({ term: written, start, end: token.end });
  }
  return spans;
}

/**
 * Whether a compound is one word spelled with `-` or `_` (`auto-external`, `node_modules`), which
 * readers also type run together. Dotted and slashed paths (`lib.dts.bundle`, `@rslib/core`)
 * are typed by their parts; a run-together whole would only inflate prefix matches.
 */
function wordJoined(text: string, token: WordToken): boolean {
  for (let k = 1; k < token.runs.length; k++) {
    const joiner = text[token.runs[k]!.start - 1];
    if (joiner !== '-' && joiner !== '_') return false;
  }
  return true;
}

/**
 * How runs of CJK characters become terms, in one of the index's modes: the terms of the run
 * `text[start, end)`, offsets in `text`. The index (its MiniSearch options) and the engine each
 * make their own, so nothing is shared between them or kept by this module.
 */
export type CjkSplitter = (text: string, start: number, end: number) => TermSpan[];

export function cjkSplitter(mode: CjkMode): CjkSplitter {
  if (mode !== 'segmenter') return (text, start, end) => charSpans(text, start, end, mode);
  // Made on first use, not with the splitter: making it loads ICU's Chinese word dictionary, a
  // long task on a phone (Lighthouse counted it as blocking time on English pages, which load the
  // search chunk when idle and never segment Chinese). It keeps no state between calls (each
  // `segment()` returns its own iterator).
  let segmenter: Intl.Segmenter | undefined;
  return (text, start, end) => {
    segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
    const spans: TermSpan[] = [];
    for (const seg of segmenter.segment(text.slice(start, end))) {
      if (!seg.isWordLike) continue;
      const term = normalize(seg.segment);
      if (term.length === 1 && CJK_STOP.has(term)) continue;
      spans.push({ term, start: start + seg.index, end: start + seg.index + seg.segment.length });
    }
    return spans;
  };
}

/** The terms of a CJK run as single characters, or as pairs of neighbours. */
function charSpans(text: string, start: number, end: number, mode: 'char' | 'bigram'): TermSpan[] {
  const spans: TermSpan[] = [];
  const run = text.slice(start, end);
  const chars = [...run];
  let at = start;
  const offsets = chars.map((ch) => {
    const o = at;
    at += ch.length;
    return o;
  });
  if (mode === 'char' || chars.length === 1) {
    chars.forEach((ch, k) => {
      if (!CJK_STOP.has(ch)) spans.push({ term: ch, start: offsets[k]!, end: offsets[k]! + ch.length });
    });
    return spans;
  }
  for (let k = 0; k + 1 < chars.length; k++) {
    const a = chars[k]!;
    const b = chars[k + 1]!;
    if (CJK_STOP.has(a) || CJK_STOP.has(b)) continue;
    spans.push({ term: a + b, start: offsets[k]!, end: offsets[k + 1]! + b.length });
  }
  // A character with stop characters on both sides would otherwise vanish (`的包的`).
  chars.forEach((ch, k) => {
    if (CJK_STOP.has(ch)) return;
    const prevOk = k > 0 && !CJK_STOP.has(chars[k - 1]!);
    const nextOk = k + 1 < chars.length && !CJK_STOP.has(chars[k + 1]!);
    if (!prevOk && !nextOk) spans.push({ term: ch, start: offsets[k]!, end: offsets[k]! + ch.length });
  });
  return spans;
}

/**
 * Every term of a text with the characters it covers, in text order. Used for highlighting;
 * with `cjk` null, runs of CJK characters give no terms (when none is looked for).
 */
export function termSpans(text: string, cjk: CjkSplitter | null): TermSpan[] {
  const spans: TermSpan[] = [];
  for (const token of scan(text)) {
    if (token.kind === 'cjk') {
      if (cjk) spans.push(...cjk(text, token.start, token.end));
    } else spans.push(...wordSpans(text, token));
  }
  return spans;
}

/**
 * Syntax words of code blocks. Nearly every block has them, so in the code field they cost the
 * most postings and rank nothing; prose and headings still index them.
 */
const CODE_STOP_WORDS = new Set(
  'import export default from const let var function return true false null undefined new await async type interface extends string number boolean object void module exports require defineconfig define config rslib rslibcore core js ts json npm npx run'.split(
    ' ',
  ),
);

/** The terms a text is indexed under; `field` names the field for field-specific rules. */
export function analyze(text: string, cjk: CjkSplitter, field?: string): string[] {
  // A documented name is one term, as a reader types it whole (`autoExtension`, `cleanDistPath`);
  // a flag's row has each of its names, one per line (`-c`, `--config`).
  if (field === 'name') return text ? text.split('\n').map(nameTerm) : [];
  const terms = termSpans(text, cjk).map((span) => span.term);
  return field === 'code' ? terms.filter((t) => !CODE_STOP_WORDS.has(t)) : terms;
}

/**
 * The term a documented name is indexed under in the `name` field (one term, as a reader types
 * the name whole): lower case, a flag or module variable with its marker (`--config-loader`,
 * `__filename`), any other name without its dashes and underscores, as the whole of a compound
 * is indexed (`mf-dev` → `mfdev`, see wordJoined).
 */
export function nameTerm(name: string): string {
  const text = normalize(name.trim());
  return /^(--?|__)[a-z]/.test(text) ? text : text.replace(/[-_]/g, '');
}

/** The terms of an index, as a query being typed consults them (analyzeQuery). */
export interface IndexTerms {
  has(term: string): boolean;
  /** Whether some term starts with `prefix`. */
  hasPrefix(prefix: string): boolean;
}

/**
 * The Chinese word a reader is typing (the last term of a query's last run), as the terms it
 * may continue into: itself when an index term starts with it, else cut after the longest
 * index term it starts with, so that the rest can go on as the index cut the whole word. The
 * segmenter cuts a half-typed word otherwise than the whole one: `重定` is one word to it, and
 * `重定向` in the pages 重|定向, so `重定` reaches nothing and 重 + 定… reaches 重定向.
 */
function typedTail(term: string, known: IndexTerms): string[] {
  if (!term || known.hasPrefix(term)) return [term];
  for (let k = term.length - 1; k > 0; k--) {
    if (!known.has(term.slice(0, k))) continue;
    const rest = typedTail(term.slice(k), known);
    if (known.hasPrefix(rest[0]!)) return [term.slice(0, k), ...rest];
  }
  return [term];
}

/** What a word token says as a name (QueryGroup.name, path, pascal). */
function nameOf(query: string, token: WordToken): Pick<QueryGroup, 'name' | 'path' | 'pascal' | 'code'> {
  const text = query.slice(token.start, token.end);
  const dotted = text.split('.');
  const last = dotted.at(-1)!;
  return {
    name: nameTerm(last),
    ...(dotted.length > 1 && { path: dotted.map(nameTerm).filter(keepWordTerm) }),
    ...(/^\p{Lu}\p{Ll}/u.test(last) && { pascal: true as const }),
    ...(/[.]|\p{Ll}\p{Lu}/u.test(text) && { code: true as const }),
  };
}

/**
 * A query as groups of required terms. Unlike indexing, a group keeps the alternative spellings
 * of one typed token apart so that the query side can require *either* the whole identifier
 * *or* all of its parts: `auto external` and `autoExternal` then find the same sections.
 */
export function analyzeQuery(query: string, cjk: CjkSplitter, common: ReadonlySet<string> = new Set(), known?: IndexTerms): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const tokens = scan(query);
  const typingLast = !/\s$/.test(query);
  tokens.forEach((token, k) => {
    const isLast = k === tokens.length - 1;
    if (token.kind === 'cjk') {
      const typing = isLast && typingLast;
      const spans = cjk(query, token.start, token.end).map((s) => s.term);
      // The word being typed, cut where the index's words let it continue (`重定`: 重 + 定…).
      const terms = typing && known ? [...spans.slice(0, -1), ...typedTail(spans.at(-1) ?? '', known)] : spans;
      const typed = typing ? terms.at(-1) : undefined;
      // Part of a word being typed, not a word of the index (`模块联`, not `类型`): what the synonym sets are searched for by prefix.
      const partial = typing && !!known && !known.has(normalize(query.slice(token.start, token.end)));
      const marks = { ...(typed && { typing: typed }), ...(partial && { partial: true as const }) };
      const rare = terms.filter((t) => !common.has(t));
      if (rare.length) {
        groups.push(rare.length < terms.length ? { alternatives: [rare], stop: false, source: terms, ...marks } : { alternatives: [rare], stop: false, ...marks });
        // Its corpus-common words (模 and 块 of 模块联) are not required, but scored in a heading that holds the rest of the phrase.
        for (const t of terms) if (common.has(t)) groups.push({ alternatives: [[t]], stop: false, optional: true, common: true, phrasePart: true, ...(t === typed && { typing: t }) });
      }
      // Only common words (插件 cut into 插|件): not required, but scored where they match a
      // heading or code, and looked up in the synonym sets (插件 → plugin).
      else if (terms.length) groups.push({ alternatives: [terms], stop: false, optional: true, common: true, ...marks });
      return;
    }
    // A flag or module variable typed as written is that name (see leadingMarker): required, and
    // only as written, since the word alone is in every page about it (`--config`, `config`).
    if (token.lead) {
      const written = normalize(query.slice(token.start - token.lead.length, token.end));
      groups.push({ alternatives: [[written]], stop: false, name: written, code: true });
      return;
    }
    const runs = token.runs.map((run) => normalize(query.slice(run.start, run.end)));
    const parts = token.runs.flatMap((run) => run.parts.map((p) => normalize(query.slice(p.start, p.end))));
    const whole = runs.join('');
    const stop = !keepWordTerm(whole);
    const isCommon = common.has(whole);
    if (!stop && (isCommon || VALUE_WORDS.has(whole)) && !(isLast && typingLast && !VALUE_WORDS.has(whole))) {
      groups.push(isCommon ? { alternatives: [[whole]], stop: false, optional: true, common: true, ...nameOf(query, token) } : { alternatives: [[whole]], stop: false, optional: true });
      return;
    }
    if (stop && !(isLast && typingLast)) {
      // A finished stop word or a lone letter; kept only as a fallback below.
      groups.push({ alternatives: [[whole]], stop: true });
      return;
    }
    const alternatives: string[][] = [[whole]];
    const kept = parts.filter(keepWordTerm);
    // Typed as code (camelCase, SNAKE_CASE), an identifier the index has whole is that identifier
    // (`withRslibConfig`, `ERR_UNKNOWN_FILE_EXTENSION`), not every heading with its common parts
    // (rslib, config). Words joined by a dash or a dot are words (`module-federation`, `Node.js`).
    const asCode = token.runs.length === 1 ? parts.length > 1 : token.runs.every((run, i) => i === 0 || query[run.start - 1] === '_');
    const wholeKnown = !!known && asCode && (known.has(whole) || (isLast && typingLast && known.hasPrefix(whole)));
    if (parts.length > 1 && kept.length && !wholeKnown) alternatives.push(kept);
    // A word typed in its -y form reaches its -ies and -ied forms too (`empty` → empties, emptied;
    // `dependency` → dependencies): the analyzer has no stemming, and prefixes stand in for it.
    const inflected = !asCode && !isCommon ? yStem(whole) : null;
    if (inflected) alternatives.push([inflected]);
    groups.push({ alternatives, stop: false, ...(isCommon && { common: true }), ...(inflected && { inflected }), ...nameOf(query, token) });
  });
  // A query made only of stop words still searches for them (as prefixes: `in` → `install`).
  if (groups.length && groups.every((g) => g.stop)) return groups.map((g) => ({ ...g, stop: false }));
  const kept = groups.filter((g) => !g.stop);
  // Only common terms (and values): they are what the reader looks for, so they are required,
  // values excepted while there is anything else.
  if (kept.every((g) => g.optional)) {
    const names = kept.filter((g) => !VALUE_WORDS.has(g.alternatives[0]![0]!));
    return kept.map((g) => {
      const { optional: _, ...group } = g;
      return names.length && !names.includes(g) ? { ...group, optional: true } : group;
    });
  }
  return kept;
}


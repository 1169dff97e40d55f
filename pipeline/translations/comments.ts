/**
 * A code block's code with its comments taken out, so that an English sample and its Chinese
 * twin compare equal when only their comments differ (comments are prose, and are translated).
 * Quotes are followed, so `'https://rslib.rs'` or `"a # b"` keep their `//` and `#`.
 */

type Family = 'c' | 'hash' | 'markup';

/** Which comment syntax a fence language uses; a language not listed has no comments to remove. */
const FAMILIES: Record<string, Family> = Object.fromEntries([
  ...['js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs', 'mts', 'cts', 'javascript', 'typescript', 'json', 'jsonc', 'json5', 'css', 'scss', 'less', 'go', 'rust', 'java', 'c', 'cpp'].map((lang) => [lang, 'c' as const]),
  ...['bash', 'sh', 'shell', 'zsh', 'console', 'yaml', 'yml', 'toml', 'python', 'py', 'ini', 'dotenv', 'env'].map((lang) => [lang, 'hash' as const]),
  ...['html', 'xml', 'svg', 'vue', 'svelte', 'md', 'markdown', 'mdx'].map((lang) => [lang, 'markup' as const]),
]);

/** The code's lines without comments and trailing spaces, with their index in the block; lines left empty are dropped. */
export function codeLinesWithoutComments(code: string, lang: string): Array<{ index: number; text: string }> {
  const family = FAMILIES[lang.toLowerCase()];
  const stripped = family ? stripComments(code, family) : code;
  return stripped
    .split('\n')
    .map((text, index) => ({ index, text: text.trimEnd() }))
    .filter((line) => line.text.trim() !== '');
}

/**
 * The code with each comment replaced by nothing, its newlines kept (so line numbers stay). The
 * code between comments is copied a stretch at a time: copied a character at a time, it made a
 * string for each character, and the translation skeleton of a page allocated more than any other
 * step of its compile but parsing.
 */
export function stripComments(code: string, family: Family): string {
  let out = '';
  /** Where the code not yet copied to `out` starts. */
  let copied = 0;
  let quote: string | null = null;
  for (let i = 0; i < code.length; i++) {
    const char = code[i]!;
    if (quote) {
      if (char === '\\' && i + 1 < code.length) i++;
      else if (char === quote || (char === '\n' && quote !== '`')) quote = null;
      continue;
    }
    const end = commentEnd(code, i, family);
    if (end > i) {
      out += code.slice(copied, i) + '\n'.repeat(newlinesIn(code, i, end));
      copied = end;
      i = end - 1;
      continue;
    }
    // In markup, an apostrophe in text is not a quote.
    if (family !== 'markup' && (char === '"' || char === "'" || (char === '`' && family === 'c'))) quote = char;
  }
  return out + code.slice(copied);
}

function newlinesIn(code: string, start: number, end: number): number {
  let count = 0;
  for (let i = code.indexOf('\n', start); i !== -1 && i < end; i = code.indexOf('\n', i + 1)) count++;
  return count;
}

/** Where the line that `i` is on ends: its newline, or the code's end. */
function lineEnd(code: string, i: number): number {
  const newline = code.indexOf('\n', i);
  return newline === -1 ? code.length : newline;
}

/** Where a comment starting at `i` ends (exclusive), or `i` when none starts there. */
function commentEnd(code: string, i: number, family: Family): number {
  if (family === 'c') {
    if (code.startsWith('//', i) && code[i - 1] !== ':') return lineEnd(code, i);
    if (code.startsWith('/*', i)) {
      const close = code.indexOf('*/', i + 2);
      return close === -1 ? code.length : close + 2;
    }
  }
  // A shell or YAML comment starts a word: `a#b` and `$#` are not comments.
  if (family === 'hash' && code[i] === '#' && (i === 0 || /\s/.test(code[i - 1]!))) return lineEnd(code, i);
  if (family === 'markup' && code.startsWith('<!--', i)) {
    const close = code.indexOf('-->', i + 4);
    return close === -1 ? code.length : close + 3;
  }
  return i;
}

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

/** The code with each comment replaced by nothing, its newlines kept (so line numbers stay). */
export function stripComments(code: string, family: Family): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < code.length; i++) {
    const char = code[i]!;
    if (quote) {
      out += char;
      if (char === '\\' && i + 1 < code.length) out += code[++i];
      else if (char === quote || (char === '\n' && quote !== '`')) quote = null;
      continue;
    }
    const end = commentEnd(code, i, family);
    if (end > i) {
      out += code.slice(i, end).replace(/[^\n]/g, '');
      i = end - 1;
      continue;
    }
    // In markup, an apostrophe in text is not a quote.
    if (family !== 'markup' && (char === '"' || char === "'" || (char === '`' && family === 'c'))) quote = char;
    out += char;
  }
  return out;
}

/** Where a comment starting at `i` ends (exclusive), or `i` when none starts there. */
function commentEnd(code: string, i: number, family: Family): number {
  const untilLineEnd = () => (code.indexOf('\n', i) === -1 ? code.length : code.indexOf('\n', i));
  if (family === 'c') {
    if (code.startsWith('//', i) && code[i - 1] !== ':') return untilLineEnd();
    if (code.startsWith('/*', i)) {
      const close = code.indexOf('*/', i + 2);
      return close === -1 ? code.length : close + 2;
    }
  }
  // A shell or YAML comment starts a word: `a#b` and `$#` are not comments.
  if (family === 'hash' && code[i] === '#' && (i === 0 || /\s/.test(code[i - 1]!))) return untilLineEnd();
  if (family === 'markup' && code.startsWith('<!--', i)) {
    const close = code.indexOf('-->', i + 4);
    return close === -1 ? code.length : close + 3;
  }
  return i;
}

/**
 * Shiki's regex engine with one compiled scanner for each distinct list of patterns.
 * vscode-textmate compiles a scanner (every pattern of a rule, in Oniguruma) for each rule of each
 * grammar when tokenizing first reaches it, and compiling them was 2 s of the 3.3 s a cold build
 * of content/ spent highlighting. The grammars of TypeScript, TSX, JavaScript and JSX are mostly
 * the same regexes under other scope names, and Svelte, MDX and Markdown embed them: of content/'s
 * 346 scanners, 120 had a list of patterns compiled before (0.7 s of compiling). What a scanner
 * matches depends on its patterns alone, so a rule whose list was compiled shares that scanner.
 *
 * vscode-textmate frees a rule's scanner when it is done with it (a rule whose end pattern refers
 * back to its beginning gets a new one for each match, a grammar's rules all go when it is
 * disposed): each rule gets a handle of its own, and the scanner is freed with its last handle.
 */
import type { PatternScanner, RegexEngine } from 'shiki/core';

export function sharingScanners(engine: RegexEngine): RegexEngine {
  const shared = new Map<string, { scanner: PatternScanner; handles: number }>();
  return {
    createString: (content) => engine.createString(content),
    createScanner(patterns) {
      const key = JSON.stringify(patterns.map((pattern) => (typeof pattern === 'string' ? pattern : pattern.source)));
      let entry = shared.get(key);
      if (!entry) shared.set(key, (entry = { scanner: engine.createScanner(patterns), handles: 0 }));
      entry.handles++;
      const held = entry;
      let open = true;
      return {
        findNextMatchSync: (string, start, options) => held.scanner.findNextMatchSync(string, start, options),
        dispose() {
          if (!open) return;
          open = false;
          if (--held.handles > 0) return;
          shared.delete(key);
          held.scanner.dispose?.();
        },
      };
    },
  };
}

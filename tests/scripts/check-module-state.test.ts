/** `npm run check:state`: module-level mutable state is found, where it is and only where it is. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModuleState, moduleStateOf } from '../../scripts/check-module-state.ts';
import { tempDir } from '../temp-dir.ts';

const where = (file: string, code: string) => moduleStateOf(file, code).map((f) => `${f.line}:${f.column} ${f.message.split(':')[0]}`);

describe('npm run check:state', () => {
  it('finds a top-level let or var, exported or not', () => {
    expect(where('schemas/a.ts', 'let segmenter: Intl.Segmenter | undefined;\nexport var count = 0;\nconst LIMIT = 3;\n')).toEqual([
      '1:5 module-level `let segmenter`',
      '2:12 module-level `var count`',
    ]);
  });

  it('finds a top-level Map, Set or array literal that the file changes, in a component too', () => {
    const code = [
      "const memory = new Map<string, string>();",
      'const listeners = new Set<() => void>();',
      'const queue: number[] = [];',
      "const TABLE = new Map([['a', 1]]);",
      'export function Tab({ id }: { id: string }) {',
      "  memory.set(id, 'x');",
      '  queue.push(1);',
      '  return <div>{TABLE.get(id)}</div>;',
      '}',
      'export const subscribe = (l: () => void) => listeners.add(l);',
    ].join('\n');
    expect(where('renderer/tabs.tsx', code)).toEqual([
      '1:7 module-level `memory` is changed after the module loads',
      '2:7 module-level `listeners` is changed after the module loads',
      '3:7 module-level `queue` is changed after the module loads',
    ]);
  });

  it('leaves alone constants, locals of the same name, state made by a function and weak maps', () => {
    const code = [
      "const STOP = new Set(['a', 'the']);",
      'const parsed = new WeakMap<object, unknown>();',
      'export function createStore() {',
      '  const memory = new Map<string, string>();',
      "  return { write: (k: string) => memory.set(k, 'v') };",
      '}',
      "export function remember(o: object) { parsed.set(o, 1); const STOP = new Set(); STOP.add('x'); return STOP.has('a'); }",
    ].join('\n');
    expect(where('renderer/store.ts', code)).toEqual([]);
  });

  it('reports the checked folders of a project, paths relative to it', () => {
    const project = tempDir('rslib-docs-state-');
    for (const [file, text] of Object.entries({ 'pipeline/run.ts': 'export let runs = 0;\n', 'scripts/tool.ts': 'let free = 1;\n', 'renderer/ok.ts': 'export const A = 1;\n' })) {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
    }
    expect(checkModuleState(project)).toEqual([{ file: 'pipeline/run.ts', line: 1, column: 12, message: 'module-level `let runs`: keep it in what a run, app or engine makes' }]);
  });
});

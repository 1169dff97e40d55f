import { describe, expect, it } from 'vitest';
import { documentedName } from '../../../pipeline/search/exact-names.ts';

describe('documented names in search', () => {
  it('reads a name-only heading on a page that documents names as the name it documents, in both languages', () => {
    expect(documentedName('/guide/basic/cli#rslib-build', 'rslib build')).toBe('build');
    expect(documentedName('/zh/api/javascript-api/instance#build', 'build')).toBe('build');
    expect(documentedName('/config/rsbuild/output#outputtarget', 'output.target')).toBe('target');
    expect(documentedName('/api/javascript-api/core#loadenv', 'loadEnv')).toBe('loadEnv');
    // Prose headings, other pages, and commands outside the CLI page document no name.
    expect(documentedName('/api/javascript-api/core#exports', 'What it exports')).toBeNull();
    expect(documentedName('/guide/start/quick-start#build', 'build')).toBeNull();
    expect(documentedName('/config/rsbuild/plugins#svelte', 'Svelte')).toBeNull();
    expect(documentedName('/config/rsbuild/output', 'output')).toBe('output');
    expect(documentedName('/api/javascript-api/instance#x', 'rslib build')).toBeNull();
  });
});

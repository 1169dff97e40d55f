import { describe, expect, it } from 'vitest';
import { resolveInternal } from '../../../pipeline/markdown/links.ts';
import { parseCodeMeta } from '../../../pipeline/compile/transform.ts';

describe('code fence meta', () => {
  it('reads title, line ranges and wrap', () => {
    expect(parseCodeMeta('title="rslib.config.ts" {2,4-5} wrap')).toEqual({ title: 'rslib.config.ts', highlightLines: [2, 4, 5], wrap: true });
    expect(parseCodeMeta("title='a b.ts'")).toEqual({ title: 'a b.ts', highlightLines: [] });
    expect(parseCodeMeta(null)).toEqual({ highlightLines: [] });
    expect(parseCodeMeta('title="{1}.ts"')).toEqual({ title: '{1}.ts', highlightLines: [] });
  });
});

describe('internal link resolution', () => {
  const at = { line: 1, column: 1 };
  const zh = { relPath: 'guide/start/index.md', prefix: '/zh', cleanUrls: true };
  it('adds the language prefix and resolves relative .md links', () => {
    expect(resolveInternal('/guide/start/quick-start#install', zh, at, false)).toMatchObject({ route: '/zh/guide/start/quick-start', anchor: 'install', asset: false });
    expect(resolveInternal('./quick-start.md', zh, at, false).route).toBe('/zh/guide/start/quick-start');
    expect(resolveInternal('../basic/cli.md#flags', zh, at, false)).toMatchObject({ route: '/zh/guide/basic/cli', anchor: 'flags' });
    expect(resolveInternal('./index.md', zh, at, false).route).toBe('/zh/guide/start/');
    expect(resolveInternal('#here', zh, at, false)).toMatchObject({ route: '', anchor: 'here' });
  });
  it('leaves public assets unprefixed', () => {
    expect(resolveInternal('/rslib-logo.svg', zh, at, true)).toMatchObject({ route: '/rslib-logo.svg', asset: true });
  });
  it('adds .html when clean URLs are off', () => {
    expect(resolveInternal('/guide/a', { ...zh, cleanUrls: false }, at, false).route).toBe('/zh/guide/a.html');
  });
});

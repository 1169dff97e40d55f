/** The consumer example of docs/data.md runs against a freshly built dist-data/ and reads every page. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../pipeline/fixture.ts';

const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const script = path.resolve(import.meta.dirname, 'read-dist-data.ts');

describe('a tool reading dist-data/ through its JSON Schemas', () => {
  it('validates and lists every page', async () => {
    const fixture = makeFixture();
    expect((await fixture.build()).ok).toBe(true);
    const out = spawnSync(tsx, [script, path.join(fixture.root, 'dist-data')], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines).toContain('zh\t/zh/guide/\tGuide\t1 headings');
  }, 60_000);

  it('fails on a record that breaks its schema', async () => {
    const fixture = makeFixture();
    await fixture.build();
    const record = path.join(fixture.root, 'dist-data/pages/en/guide/a.json');
    writeFileSync(record, JSON.stringify({ ...fixture.record('/guide/a'), toc: [{ text: 'x', id: 'x', depth: 9, charIndex: 0 }] }));
    const out = spawnSync(tsx, [script, path.join(fixture.root, 'dist-data')], { encoding: 'utf8' });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('pages/en/guide/a.json');
  }, 60_000);
});

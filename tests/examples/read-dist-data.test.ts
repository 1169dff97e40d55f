/**
 * The consumer example of docs/data.md runs against a freshly built dist-data/: every schema
 * compiles in Ajv's strict mode and every file with a schema validates. Each broken case breaks a
 * copy of the one fixture build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../pipeline/fixture.ts';
import { tempDir } from '../temp-dir.ts';

const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const script = path.resolve(import.meta.dirname, 'read-dist-data.ts');
const read = (dataDir: string) => spawnSync(tsx, [script, dataDir], { encoding: 'utf8' });

let built: string;
beforeAll(async () => {
  const fixture = makeFixture();
  expect((await fixture.build()).ok).toBe(true);
  built = path.join(fixture.root, 'dist-data');
}, 60_000);

/** A copy of the built dist-data/ with one file changed. */
function withChange(rel: string, change: (text: string) => string): string {
  const copy = path.join(tempDir('dist-data-'), 'dist-data');
  cpSync(built, copy, { recursive: true });
  const file = path.join(copy, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(file, after);
  return copy;
}

describe('a tool reading dist-data/ through its JSON Schemas', () => {
  it('compiles every schema in strict mode, validates every file that has one and lists every page', () => {
    const out = read(built);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines).toContain('zh\t/zh/guide/\tGuide\t1 headings');
    expect(lines.at(-1)).toMatch(/^valid: 1 names, 8 page, 1 routes, 1 shell, \d+ sidebar, 1 site, 1 translations \(14 schemas compiled in strict mode\)$/);
  }, 30_000);

  it("refuses a schema with a format strict mode does not know, as zod's startsWith wrote", () => {
    const out = read(withChange('schema/routes.schema.json', (text) => text.replace('"pattern":"^\\\\/"', '"format":"starts_with"')));
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('unknown format "starts_with"');
  }, 30_000);

  it('reports every file that breaks its schema, all at once: a page record and a sidebar file', () => {
    const copy = withChange('pages/en/guide/a.json', (text) => JSON.stringify({ ...JSON.parse(text), toc: [{ text: 'x', id: 'x', depth: 9, charIndex: 0 }] }));
    const sidebar = path.join(copy, 'sidebars/en/guide.json');
    writeFileSync(sidebar, JSON.stringify({ ...JSON.parse(readFileSync(sidebar, 'utf8')), part: -1 }));
    const out = read(copy);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('pages/en/guide/a.json');
    expect(out.stderr).toContain('sidebars/en/guide.json');
    expect(out.stderr).toContain('2 invalid file(s)');
  }, 30_000);
});

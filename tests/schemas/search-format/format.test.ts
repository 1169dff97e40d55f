import { describe, expect, it } from 'vitest';
import { buildSearchIndexFile } from '../../../pipeline/search/index.ts';
import { splitSearchIndex } from '../../../pipeline/search/layout.ts';
import { ANALYZER_VERSION, formatProblem, INDEX_SCHEMA_VERSION } from '../../../schemas/search-format/format.ts';
import { enRecords } from '../../search/fixtures.ts';

describe('formatProblem', () => {
  const file = JSON.parse(JSON.stringify(buildSearchIndexFile('en', enRecords))) as Record<string, unknown>;
  const manifest = JSON.parse(JSON.stringify(splitSearchIndex(buildSearchIndexFile('en', enRecords), { postingPartBytes: 300, recordPartBytes: 600 }).manifest)) as Record<string, unknown>;

  it('accepts both layouts as the pipeline writes them', () => {
    expect(formatProblem(file)).toBeNull();
    expect(manifest.layout).toBe('split');
    expect(formatProblem(manifest)).toBeNull();
  });

  it('names what differs in a file of another build', () => {
    expect(formatProblem({ ...file, analyzer: ANALYZER_VERSION - 1 })).toBe(`terms made by analyzer ${ANALYZER_VERSION - 1}, where this page analyzes queries with analyzer ${ANALYZER_VERSION}`);
    expect(formatProblem({ ...manifest, analyzer: ANALYZER_VERSION + 1 })).toMatch(/^terms made by analyzer/);
    expect(formatProblem({ ...file, engine: 'minisearch@8' })).toBe(`format ${INDEX_SCHEMA_VERSION} for minisearch@8, where this page reads format ${INDEX_SCHEMA_VERSION} for minisearch@7`);
    expect(formatProblem({ ...file, schemaVersion: INDEX_SCHEMA_VERSION + 1 })).toMatch(new RegExp(`^format ${INDEX_SCHEMA_VERSION + 1} for minisearch@7`));
    expect(formatProblem({ ...manifest, layout: 'sharded' })).toBe('unknown layout sharded');
  });

  it('refuses what is not an index object at all', () => {
    for (const json of [null, [], 'index', 4]) expect(formatProblem(json)).toBe('not a JSON object');
    expect(formatProblem({})).toMatch(/^format undefined for undefined/);
  });
});

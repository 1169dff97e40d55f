/**
 * Example of another tool consuming dist-data/: it knows nothing of this project's code, only
 * the JSON files and their JSON Schemas. It compiles every schema with Ajv in strict mode (an
 * unknown keyword or format is an error, not a warning), validates every file that has a schema
 * (the route manifest, the site and its shell, the translation states, the names of Rslib the
 * pages document, every page record and sidebar file), then prints
 * one line per page: language, route, title and outline size, and a last line of counts.
 *
 *   npx tsx tests/examples/read-dist-data.ts [path/to/dist-data]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const dir = path.resolve(process.argv[2] ?? 'dist-data');
const readJson = (rel: string): unknown => JSON.parse(readFileSync(path.join(dir, rel), 'utf8'));
// Strict, but with union types (`"type": ["string", "number"]`): standard JSON Schema, which
// Ajv's strictest setting otherwise rejects as a matter of style.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
// Ajv checks no format by itself (the ajv-formats package adds them all); the schemas use one
// standard format, `uri`: an absolute URL.
ajv.addFormat('uri', (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value) && URL.canParse(value));

// Every schema compiles: a keyword or format strict mode does not know throws here.
const schemaNames = readdirSync(path.join(dir, 'schema')).map((file) => file.replace(/\.schema\.json$/, ''));
const validators = new Map(schemaNames.map((name) => [name, ajv.compile(readJson(`schema/${name}.schema.json`) as object)]));

/** The schema of a file of dist-data/, or null for the files no schema describes. */
function schemaOf(rel: string): string | null {
  if (rel === 'routes.json') return 'routes';
  if (rel === 'site.json' || rel === 'shell.json' || rel === 'translations.json' || rel === 'names.json') return rel.slice(0, -'.json'.length);
  if (rel.startsWith('pages/')) return 'page';
  if (rel.startsWith('sidebars/')) return 'sidebar';
  // The schemas themselves, and the search index: a packed format that carries its own markers.
  if (rel.startsWith('schema/') || rel.startsWith('search/')) return null;
  throw new Error(`${rel}: a JSON file this reader does not know`);
}

const jsonFiles = (readdirSync(dir, { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/')).filter((file) => file.endsWith('.json')).sort();
const counts = new Map<string, number>();
let invalid = 0;
for (const rel of jsonFiles) {
  const name = schemaOf(rel);
  if (name === null) continue;
  const validate = validators.get(name);
  if (!validate) throw new Error(`${rel}: no schema/${name}.schema.json`);
  if (!validate(readJson(rel))) {
    invalid++;
    console.error(`${rel}: ${ajv.errorsText(validate.errors)}`);
    continue;
  }
  counts.set(name, (counts.get(name) ?? 0) + 1);
}
if (invalid > 0) {
  console.error(`${invalid} invalid file(s)`);
  process.exit(1);
}

interface Route { path: string; lang: string; data: string }
interface Page { title: string; toc: unknown[]; routePath: string; lang: string }
for (const route of (readJson('routes.json') as { routes: Route[] }).routes) {
  const page = readJson(route.data) as Page;
  console.log(`${page.lang}\t${page.routePath}\t${page.title}\t${page.toc.length} headings`);
}
console.log(`valid: ${[...counts].map(([name, count]) => `${count} ${name}`).join(', ')} (${validators.size} schemas compiled in strict mode)`);

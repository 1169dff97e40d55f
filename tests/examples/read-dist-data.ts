/**
 * Example of another tool consuming dist-data/: it knows nothing of this project's code, only
 * the JSON files and their JSON Schemas. It validates the route manifest and every page record,
 * then prints one line per page: language, route, title and outline size.
 *
 *   npx tsx tests/examples/read-dist-data.ts [path/to/dist-data]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const dir = path.resolve(process.argv[2] ?? 'dist-data');
const readJson = (rel: string): unknown => JSON.parse(readFileSync(path.join(dir, rel), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validator = (name: string) => ajv.compile(readJson(`schema/${name}.schema.json`) as object);

const validateRoutes = validator('routes');
const validatePage = validator('page');
const manifest = readJson('routes.json');
if (!validateRoutes(manifest)) throw new Error(`routes.json is invalid: ${ajv.errorsText(validateRoutes.errors)}`);

interface Route { path: string; lang: string; data: string }
interface Page { title: string; toc: unknown[]; routePath: string; lang: string }
let invalid = 0;
for (const route of (manifest as { routes: Route[] }).routes) {
  const record = readJson(route.data);
  if (!validatePage(record)) {
    invalid++;
    console.error(`${route.data}: ${ajv.errorsText(validatePage.errors)}`);
    continue;
  }
  const page = record as Page;
  console.log(`${page.lang}\t${page.routePath}\t${page.title}\t${page.toc.length} headings`);
}
if (invalid > 0) {
  console.error(`${invalid} invalid record(s)`);
  process.exit(1);
}

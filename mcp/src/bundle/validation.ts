/**
 * Checks each JSON file of a bundle as it is first read, against the JSON Schemas in the
 * bundle's own schema/ folder (docs/data.md: "Validate a bundle with the schemas in its own
 * schema/ folder … and check schemaVersion to know whether your code understands them").
 * A file that fails is never served: its read fails with a BundleError naming it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { BundleError } from '../errors.ts';
import { formatProblem } from '../../../schemas/search-format/format.ts';

/**
 * The schemaVersion of each file kind this server was written for. A bundle of a newer
 * version may mean fields this code would misread, so its files are refused rather than guessed at.
 */
const READABLE_VERSIONS: Record<string, number> = { routes: 1, page: 1, site: 1, shell: 1, sidebar: 1, translations: 1, names: 1 };

/** The schema of a JSON file of dist-data/ (schema/<name>.schema.json), 'search-index' for an index, or null. */
export function schemaOf(file: string): string | null {
  if (file === 'routes.json' || file === 'site.json' || file === 'shell.json' || file === 'translations.json' || file === 'names.json') return file.slice(0, -'.json'.length);
  if (file.startsWith('pages/')) return 'page';
  if (file.startsWith('sidebars/')) return 'sidebar';
  if (file === 'search/synonyms.json') return 'search-synonyms';
  // search/<lang>.json and a split index's parts: a packed format with its own markers.
  if (file.startsWith('search/')) return 'search-index';
  return null;
}

export interface BundleValidator {
  /** Throws a BundleError naming `file` when `json` is not a file of its kind this server can read. */
  check(file: string, json: unknown): Promise<void>;
}

/** Validators compiled on first use from the bundle's schema files, read through `readSchema`. */
export function bundleValidator(readSchema: (file: string) => Promise<unknown>): BundleValidator {
  // Strict, as in the consumer example of docs/data.md (tests/examples/read-dist-data.ts): a
  // keyword or format the validator does not know is an error, not a silent pass. The schema
  // itself is not checked against JSON Schema's meta-schema first: strict mode already refuses
  // what this server could misread, and compiling the meta-schema took 80 ms of the first answer.
  // Nor is the generated code optimized: a validator runs once per file, and compiling it is most
  // of its cost (shell.json's, on the way to the first answer: about 40 ms, 27 without).
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false, validateSchema: false, code: { optimize: false } });
  ajv.addFormat('uri', (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value) && URL.canParse(value));
  const compiled = new Map<string, Promise<ValidateFunction>>();
  const validatorOf = (name: string) => {
    let validate = compiled.get(name);
    if (!validate) {
      const file = `schema/${name}.schema.json`;
      validate = readSchema(file).then((schema) => {
        try {
          return ajv.compile(schema as object);
        } catch (error) {
          throw new BundleError(file, `not a JSON Schema this server can use (${(error as Error).message})`);
        }
      });
      validate.catch(() => compiled.delete(name));
      compiled.set(name, validate);
    }
    return validate;
  };

  return {
    async check(file, json) {
      const name = schemaOf(file);
      if (name === null) return;
      if (name === 'search-index') {
        // The entry of an index carries the markers; its parts are named by their content and
        // only ever reached through that entry.
        const problem = /^search\/[a-z]+\.json$/.test(file) ? formatProblem(json) : null;
        if (problem) throw new BundleError(file, `a search index this server cannot read: ${problem}`);
        return;
      }
      const readable = READABLE_VERSIONS[name];
      if (readable !== undefined) {
        const version = (json as { schemaVersion?: unknown } | null)?.schemaVersion;
        if (version !== readable) throw new BundleError(file, `schemaVersion ${JSON.stringify(version ?? null)}, where this server reads schemaVersion ${readable}: update the server, or use a bundle of its version`);
      }
      const validate = await validatorOf(name);
      if (!validate(json)) {
        const first = validate.errors?.[0];
        throw new BundleError(file, `fails schema/${name}.schema.json at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}`);
      }
    },
  };
}

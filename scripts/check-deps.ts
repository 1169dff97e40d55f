/**
 * `npm run check:deps`: the import rules of .dependency-cruiser.cjs (no cycles; renderer and
 * pipeline apart; neither imports scripts/; the renderer never imports content/; schemas import
 * zod only and no Node built-ins; runtime/ imports none of them; the MCP server reads the contract
 * only) over pipeline/, renderer/, schemas/, runtime/ and mcp/src/, through dependency-cruiser's API. Prints each violation as its `err` reporter does and exits 1 on any.
 *
 * Why not its command line: dependency-cruiser 18 refuses to start on Node 20 (it follows Node's
 * release cycle); its API has no such check and works. And it reads TypeScript with the
 * TypeScript compiler's API, which TypeScript 7 (the native compiler) does not have, so sources
 * go through Babel's TypeScript preset instead (a dependency of the Rsbuild Babel plugin the
 * samples use). Babel drops type-only imports, which would hide a cycle through types: a plugin
 * of our own, below, makes them plain imports first.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IConfiguration } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/**
 * The folders whose imports are checked, given as globs of their sources: given a folder,
 * dependency-cruiser scans only the extensions it has a transpiler for, and without
 * TypeScript's API that leaves out every .ts file; files it is given by name it reads through
 * the Babel config below.
 */
export const CHECKED = ['pipeline', 'renderer', 'schemas', 'runtime', 'mcp/src'];


interface BabelPath {
  node: { type: string; importKind?: string; exportKind?: string; source?: unknown; specifiers?: Array<{ importKind?: string; exportKind?: string }> };
}

/**
 * Turns `import type …` and `export type … from` into value imports (and `{ type X }` specifiers
 * into plain ones) before the TypeScript preset removes them, so that type-only dependencies are
 * in the graph; the output is only scanned for its imports, never run. Runs on `Program` enter,
 * before the preset's own pass over the imports.
 */
function keepTypeImports() {
  return {
    visitor: {
      Program(program: { get(key: 'body'): BabelPath[] }) {
        for (const statement of program.get('body')) {
          const { node } = statement;
          if (node.type === 'ImportDeclaration' || (node.type === 'ExportNamedDeclaration' && node.source) || node.type === 'ExportAllDeclaration') {
            if (node.importKind === 'type') node.importKind = 'value';
            if (node.exportKind === 'type') node.exportKind = 'value';
            for (const specifier of node.specifiers ?? []) {
              if (specifier.importKind === 'type') specifier.importKind = 'value';
              if (specifier.exportKind === 'type') specifier.exportKind = 'value';
            }
          }
        }
      },
    },
  };
}

const babelConfig = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  // Imports kept even when only used as types (after the plugin above, every import is a value one).
  presets: [[require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: true }]],
};

/**
 * Runs the check on the project at `project` (this one by default) with this project's rules;
 * returns the violations as the `err` reporter prints them, and how many there are.
 */
export async function checkDeps(project = root): Promise<{ errors: number; report: string }> {
  const config = require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
  const sources = CHECKED.filter((folder) => existsSync(path.join(project, folder))).map((folder) => `${folder}/**/*.{ts,tsx,mjs}`);
  // Paths in the rules and the report are relative to the project root (baseDir).
  const options = { ...config.options, baseDir: project, ruleSet: { forbidden: config.forbidden ?? [] }, validate: true, outputType: 'err' as const };
  const result = await cruise(sources, options, {}, { babelConfig });
  return { errors: result.exitCode, report: result.output as string };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { errors, report } = await checkDeps();
  process.stdout.write(report);
  if (errors > 0) process.exit(1);
  console.log(`check:deps: no rule broken in ${CHECKED.join('/, ')}/`);
}

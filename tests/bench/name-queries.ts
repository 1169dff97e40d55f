/**
 * The names of the coverage check's map (scripts/check-samples/coverage.ts: expectedNames), each
 * as a search query typed as written, with the page that must come first for it: the page that
 * documents it there, whose title or heading (or a row of its own) is the name. Left out: the
 * fields of createRslib's options (`cwd`, `config`…), rows of a table inside createRslib's section
 * with neither a heading nor a record of their own. Routes of the English site, without a
 * language prefix; a way whose page does not exist (an Rsbuild key without a page) gives way to
 * the next (the Rsbuild overview's row).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCliSpec } from '../../scripts/check-samples/cli-help.ts';
import { expectedNames } from '../../scripts/check-samples/coverage.ts';

export interface NameQuery {
  /** The name as written: `autoExternal`, `AutoExternal`, `rslib build`. */
  query: string;
  /** The coverage map's group: exports, instance methods, config keys, commands. */
  group: string;
  /** The route of its page. */
  page: string;
}

export function nameQueries(root: string): NameQuery[] {
  const names = expectedNames(path.join(root, 'node_modules/@rslib/core/dist-types/index.d.ts'), [...readCliSpec(root).commands.keys()]);
  const exists = (route: string) => existsSync(path.join(root, 'content/en', route.endsWith('/') ? `${route}index.md` : `${route}.md`));
  return names
    .filter((name) => name.group !== 'CreateRslibOptions fields')
    .map((name) => ({ query: name.name, group: name.group, page: name.ways.map((way) => way.route).find(exists) ?? name.ways[0]!.route }));
}

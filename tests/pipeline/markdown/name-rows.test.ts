import { describe, expect, it } from 'vitest';
import { parse } from '../../../pipeline/compile/parse.ts';
import { Diagnostics } from '../../../pipeline/diagnostics.ts';
import { assignNameRowIds } from '../../../pipeline/markdown/name-rows.ts';

const idsOf = (relPath: string, source: string, taken: string[] = []) => assignNameRowIds(parse(relPath, source, new Diagnostics()).tree, { relPath }, taken);

describe('name rows', () => {
  it("gives a row of the types page and of the overviews its name's anchor", () => {
    const table = '| Name | What |\n| --- | --- |\n| `RslibConfig` | The config. |\n| `a.b` | Not one name. |\n| `Format` and more | Not only a name. |\n';
    expect(idsOf('api/javascript-api/types.md', table)).toEqual(['rslibconfig']);
    expect(idsOf('config/rsbuild/index.md', '| Option | Use |\n| --- | --- |\n| `server` | The dev server. |\n')).toEqual(['server']);
    expect(idsOf('guide/start/index.md', table)).toEqual([]);
    // An id the page's headings use already stays theirs.
    expect(idsOf('api/javascript-api/types.md', table, ['rslibconfig'])).toEqual([]);
  });

  it("gives a flag's row of the CLI page its long flag's anchor (issue 55)", () => {
    const table = '| Flag | Type |\n| --- | --- |\n| `-c, --config <config>` | `string` |\n| `--bundle`, `--no-bundle` | `boolean` |\n| `-w` | `boolean` |\n| `rslib build` | a command |\n';
    expect(idsOf('guide/basic/cli.md', table)).toEqual(['--config', '--bundle', '-w']);
  });
});

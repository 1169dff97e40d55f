import { describe, expect, it } from 'vitest';
import { resolveHoverLinks, targetRoutes, type LinkedPage } from '../../../pipeline/hovers/hover-links.ts';
import type { HoverTarget } from '../../../pipeline/hovers/hover-hast.ts';

const section = (name: string, id: string | null, summary = '') => ({ name, id, heading: name, summary });
/** A zh site: lib.dts with its bundle heading given an id of its own, the output page, and the Rsbuild overview. */
const pages: Record<string, LinkedPage> = {
  '/zh/config/lib/dts': { ids: ['libdts', 'dts-bundle-option', 'boolean-type'], names: [section('lib.dts', null, '生成类型声明文件。'), section('dts.bundle', 'dts-bundle-option', '把声明打包成一个文件。')] },
  '/zh/config/rsbuild/output': { ids: ['output', 'outputtarget'], names: [section('output', null), section('output.target', 'outputtarget', '产物面向的运行时。')] },
  '/zh/config/rsbuild/': { ids: [], names: [] },
};
const pageOf = (route: string) => pages[route];
const at = (target: string, line = 3): HoverTarget => ({ target, line, column: 5 });

describe('hover links', () => {
  it("links a name to the deepest heading its page has for it, by the heading's text and whatever id it has, with our sentence there", () => {
    const { resolved, problems } = resolveHoverLinks([at('name:/config/lib/dts#dts.bundle.bundledPackages'), at('name:/config/lib/dts#dts.tsgo'), at('name:/config/lib/dts'), at('name:/config/rsbuild/output#output.target')], '/zh', pageOf);
    expect(problems).toEqual([]);
    expect(resolved.hrefs).toEqual(['/zh/config/lib/dts#dts-bundle-option', '/zh/config/lib/dts', '/zh/config/lib/dts', '/zh/config/rsbuild/output#outputtarget']);
    // `dts.tsgo` has no heading here: its page's title names `dts`, and gives the page's sentence.
    expect(resolved.summaries).toEqual(['把声明打包成一个文件。', '生成类型声明文件。', '生成类型声明文件。', '产物面向的运行时。']);
  });

  it('links an Rsbuild key without a page of its own to the Rsbuild overview', () => {
    expect(resolveHoverLinks([at('name:/config/rsbuild/server#server.port')], '/zh', pageOf).resolved.hrefs).toEqual(['/zh/config/rsbuild/']);
    expect(targetRoutes([at('name:/config/rsbuild/server#server.port')], '/zh')).toEqual(['/zh/config/rsbuild/server', '/zh/config/rsbuild/']);
  });

  it("keeps a documentation link's anchor when the page has it, or takes the heading of the name the anchor was made from", () => {
    const { resolved, problems } = resolveHoverLinks([at('link:/config/lib/dts#boolean-type'), at('link:/config/lib/dts#dtsbundle'), at('link:/config/lib/dts')], '/zh', pageOf);
    expect(problems).toEqual([]);
    expect(resolved.hrefs).toEqual(['/zh/config/lib/dts#boolean-type', '/zh/config/lib/dts#dts-bundle-option', '/zh/config/lib/dts']);
  });

  it('finds a link to a page the site lacks, or to an anchor its page lacks, dead at the place of the name that has it', () => {
    const { problems } = resolveHoverLinks([at('link:/config/lib/dts#nowhere', 7), at('name:/config/lib/umd-name#umdName', 9), at('link:/guide/gone', 11)], '/zh', pageOf);
    expect(problems.map(({ target, rule }) => [target.line, rule])).toEqual([[7, 'dead-anchor'], [9, 'dead-link'], [11, 'dead-link']]);
    expect(problems[0]!.message).toBe('Hover link to /zh/config/lib/dts#nowhere: the page has no heading with that id');
  });
});

/**
 * Sidebar files (dist-data/sidebars/): what a page loads for its sidebar, and shell.json, the
 * site config every page loads. A large sidebar is split so that neither grows with the site.
 */
import { describe, expect, it } from 'vitest';
import { SPLIT_SIDEBAR_ABOVE } from '../../../pipeline/derive/sidebar.ts';
import { SidebarFile } from '../../../schemas/sidebar-file.ts';
import { SiteShell } from '../../../schemas/site.ts';
import { LARGE_GROUP, largeSidebarTree, makeFixture } from '../fixture.ts';

describe('sidebar files', () => {
  it('writes one file per sidebar and a shell without sidebars; records point at their sidebar', async () => {
    const fixture = makeFixture();
    expect((await fixture.build()).ok).toBe(true);
    const shell = SiteShell.parse(JSON.parse(fixture.read('shell.json')));
    expect(shell.locales.map((l) => Object.keys(l))).not.toContainEqual(expect.arrayContaining(['sidebar']));
    expect(shell.locales.map((l) => l.nav[0]!.link)).toEqual(['/guide/', '/zh/guide/']);
    const file = SidebarFile.parse(JSON.parse(fixture.read('sidebars/zh/guide.json')));
    expect(file).toMatchObject({ lang: 'zh', key: '/guide/', part: null });
    expect(file.items).toEqual(JSON.parse(fixture.read('site.json')).locales[1].sidebar['/guide/']);
    expect(fixture.record('/zh/guide/a').sidebarFiles).toEqual({ data: 'sidebars/zh/guide.json', part: null });
    expect(fixture.record('/').sidebarFiles).toBeNull();
  });

  it(`splits a sidebar of more than ${SPLIT_SIDEBAR_ABOVE} links into group parts`, async () => {
    const { files, site } = largeSidebarTree(7); // 350 links
    const fixture = makeFixture(files, site);
    expect((await fixture.build()).ok).toBe(true);
    const outline = SidebarFile.parse(JSON.parse(fixture.read('sidebars/en/docs.json')));
    // Header and divider stay; every group keeps its title, its items are in its part.
    expect(outline.items[0]).toEqual({ sectionHeaderText: 'Reference' });
    expect(outline.items.at(-1)).toEqual({ dividerType: 'solid' });
    expect(outline.items.slice(1, -1)).toEqual(Array.from({ length: 7 }, (_, g) => ({ text: `Group ${g}`, collapsible: true, collapsed: false, items: [], part: `sidebars/en/docs/${g + 1}.json` })));
    const part = SidebarFile.parse(JSON.parse(fixture.read('sidebars/en/docs/3.json')));
    expect(part).toMatchObject({ lang: 'en', key: '/docs/', part: 3 });
    expect(part.items).toHaveLength(LARGE_GROUP);
    expect(part.items[0]).toEqual({ text: 'Page 100', link: '/docs/p100' });
    // Page 120 sits in group 2, the fourth top-level item.
    expect(fixture.record('/docs/p120').sidebarFiles).toEqual({ data: 'sidebars/en/docs.json', part: 'sidebars/en/docs/3.json' });
    expect(fixture.record('/zh/docs/p0').sidebarFiles).toEqual({ data: 'sidebars/zh/docs.json', part: 'sidebars/zh/docs/1.json' });
    // The small /guide/ sidebar next to it is not split.
    expect(fixture.record('/guide/a').sidebarFiles).toEqual({ data: 'sidebars/en/guide.json', part: null });
    // site.json, for other tools, keeps every sidebar whole.
    expect(JSON.parse(fixture.read('site.json')).locales[0].sidebar['/docs/'][3].items).toHaveLength(LARGE_GROUP);
  }, 30_000);

  it('keeps the size of what a page loads flat as its sidebar grows', async () => {
    const sizes: number[] = [];
    for (const groups of [7, 14]) {
      const { files, site } = largeSidebarTree(groups);
      const fixture = makeFixture(files, site);
      expect((await fixture.build()).ok).toBe(true);
      const record = fixture.record('/docs/p10');
      const loaded = [fixture.read('shell.json'), fixture.read(record.sidebarFiles!.data), fixture.read(record.sidebarFiles!.part!)];
      sizes.push(loaded.join('').length);
    }
    // Twice the pages: the outline gains seven group titles (about 100 bytes each), nothing else.
    expect(sizes[1]! - sizes[0]!).toBeLessThan(1000);
  }, 60_000);
});

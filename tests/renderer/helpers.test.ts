/** Pure helpers of the renderer (renderer/lib): no DOM, no React. */
import { describe, expect, it } from 'vitest';
import type { OverviewGroup } from '../../schemas/overview.ts';
import type { ResolvedSidebarGroup, ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import type { SidebarFile } from '../../schemas/sidebar-file.ts';
import { formatDate, isoDate } from '../../renderer/lib/date.ts';
import { hiddenByQuery, visibleParts } from '../../renderer/lib/flags.ts';
import { hastPropsToReact, parseStyle } from '../../renderer/lib/hast.ts';
import { comparablePath, isExternalHref, shouldNavigateClientSide } from '../../renderer/lib/links.ts';
import { isBot, localeRedirectTarget } from '../../renderer/lib/locale-redirect.ts';
import { isNavItemActive } from '../../renderer/lib/nav.ts';
import { shouldHideNavbar } from '../../renderer/lib/navbar-hide.ts';
import { notFoundHomeHref, notFoundRedirect } from '../../renderer/lib/not-found.ts';
import { activeHeadingId } from '../../renderer/lib/outline.ts';
import { filterOverview } from '../../renderer/lib/overview.ts';
import { packData, unpackData } from '../../renderer/lib/packed.ts';
import { PROGRESS, trickle } from '../../renderer/lib/progress.ts';
import { groupContainsPath, initialGroupOpen, isUnloadedGroup, sidebarItemKind, withPart } from '../../renderer/lib/sidebar.ts';
import { socialLinkName, splitSocialLinks } from '../../renderer/lib/social.ts';
import { nextTabIndex, storedTabIndex, tabsStorageKey } from '../../renderer/lib/tabs.ts';
import { parsePreference, resolveTheme, toggledPreference } from '../../renderer/lib/theme.ts';
import { showcaseLang, toolCard } from '../../renderer/lib/tools.ts';
import { copyFallbackText } from '../../renderer/lib/clipboard.ts';
import { recordCandidates } from '../../renderer/app/data.ts';
import { en } from '../../renderer/strings/en.ts';
import { zh } from '../../renderer/strings/zh.ts';

const uiStrings = { en, zh };
import { Frontmatter } from '../../schemas/frontmatter.ts';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe('links', () => {
  it('classifies external schemes', () => {
    for (const href of ['https://x.dev', 'http://a', 'mailto:a@b.c', 'tel:123', '//cdn.x']) expect(isExternalHref(href)).toBe(true);
    for (const href of ['/guide/', '#a', './x']) expect(isExternalHref(href)).toBe(false);
  });
  it('takes over plain left clicks on same-window links only', () => {
    expect(shouldNavigateClientSide(click, undefined)).toBe(true);
    expect(shouldNavigateClientSide(click, '_self')).toBe(true);
    expect(shouldNavigateClientSide(click, '_blank')).toBe(false);
    expect(shouldNavigateClientSide({ ...click, button: 1 }, undefined)).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) expect(shouldNavigateClientSide({ ...click, [key]: true }, undefined)).toBe(false);
    expect(shouldNavigateClientSide({ ...click, defaultPrevented: true }, undefined)).toBe(false);
  });
  it('compares routes without trailing slash, query or hash', () => {
    expect(comparablePath('/guide/start/')).toBe('/guide/start');
    expect(comparablePath('/a/b?x=1#c')).toBe('/a/b');
    expect(comparablePath('/')).toBe('/');
  });
});

describe('record paths', () => {
  it('tries the path, then the folder index', () => {
    expect(recordCandidates('/guide/start/')).toEqual(['pages/en/guide/start/index.json']);
    expect(recordCandidates('/guide/start')).toEqual(['pages/en/guide/start.json', 'pages/en/guide/start/index.json']);
    expect(recordCandidates('/zh/')).toEqual(['pages/zh/index.json']);
  });
});

describe('nav', () => {
  it('uses activeMatch, else the link as a prefix', () => {
    expect(isNavItemActive({ text: 'G', link: '/guide/start/', activeMatch: '^/guide/', position: 'left' }, '/guide/basic/cli')).toBe(true);
    expect(isNavItemActive({ text: 'G', link: '/guide/start/', activeMatch: '^/guide/', position: 'left' }, '/zh/guide/basic/cli')).toBe(false);
    expect(isNavItemActive({ text: 'C', link: '/config/', position: 'right' }, '/config/lib/format')).toBe(true);
    expect(isNavItemActive({ text: 'H', link: '/', position: 'right' }, '/config/')).toBe(false);
    expect(isNavItemActive({ text: 'B', activeMatch: '(', position: 'right' }, '/')).toBe(false);
  });
  it('keeps five social links inline and the rest in the overflow', () => {
    const links = Array.from({ length: 7 }, (_, i) => ({ icon: 'github' as const, mode: 'link' as const, content: `https://e.com/${i}` }));
    expect(splitSocialLinks(links).inline).toHaveLength(5);
    expect(splitSocialLinks(links).overflow).toHaveLength(2);
    expect(socialLinkName({ icon: { svg: '<svg/>' }, mode: 'link', content: 'https://weibo.com/x' })).toBe('weibo.com');
  });
  it('hides the navbar per hideNavbar', () => {
    expect(shouldHideNavbar('never', 0, 500, 72)).toBe(false);
    expect(shouldHideNavbar('always', 600, 500, 72)).toBe(true);
    expect(shouldHideNavbar('auto', 0, 500, 72)).toBe(true);
    expect(shouldHideNavbar('auto', 600, 500, 72)).toBe(false);
    expect(shouldHideNavbar('auto', 0, 50, 72)).toBe(false);
  });
});

describe('sidebar', () => {
  const group: ResolvedSidebarGroup = {
    text: 'Basic',
    collapsible: true,
    collapsed: true,
    items: [{ text: 'CLI', link: '/guide/basic/cli' }, { dividerType: 'dashed' }, { sectionHeaderText: 'More' }, { text: 'Sub', collapsible: true, collapsed: false, items: [{ text: 'Deep', link: '/guide/deep' }] }],
  };
  it('knows the item kinds', () => {
    expect(group.items.map(sidebarItemKind)).toEqual(['link', 'divider', 'header', 'group']);
  });
  it('opens a collapsed group when it holds the active page (at any depth)', () => {
    expect(groupContainsPath(group, '/guide/deep/')).toBe(true);
    expect(initialGroupOpen(group, '/guide/deep')).toBe(true);
    expect(initialGroupOpen(group, '/elsewhere')).toBe(false);
    expect(initialGroupOpen({ ...group, collapsed: false }, '/elsewhere')).toBe(true);
    expect(initialGroupOpen({ ...group, collapsible: false }, '/elsewhere')).toBe(true);
  });
});

describe('overview filter', () => {
  const groups: OverviewGroup[] = [
    { name: 'Lib Configurations', items: [{ title: 'lib.format', link: '/config/lib/format', headers: [{ text: 'Bundle mode requirement', id: 'b', depth: 2 }, { text: 'Values', id: 'v', depth: 2 }] }] },
    { name: 'Rsbuild Configurations', items: [{ title: 'source', link: '/config/rsbuild/source', headers: [] }] },
  ];
  it('matches group names, titles and headings, case-insensitive, hyphens as spaces', () => {
    expect(filterOverview(groups, 'rsbuild configurations')).toEqual([groups[1]]);
    expect(filterOverview(groups, 'LIB.FORMAT')[0]!.items[0]!.headers).toHaveLength(2);
    expect(filterOverview(groups, 'bundle-mode')[0]!.items[0]!.headers).toEqual([{ text: 'Bundle mode requirement', id: 'b', depth: 2 }]);
    expect(filterOverview(groups, 'nothing')).toEqual([]);
    expect(filterOverview(groups, '  ')).toBe(groups);
  });
});

describe('page parts', () => {
  const fm = Frontmatter.parse({});
  it('reads ?x=0 switches', () => {
    expect([...hiddenByQuery('?navbar=0&sidebar=1&footer=0&globalUIComponents=0')]).toEqual(['navbar', 'footer', 'globalUIComponents']);
  });
  it('combines frontmatter, page type and query', () => {
    expect(visibleParts(fm, 'doc', new Set())).toEqual({ navbar: true, sidebar: true, outline: true, footer: true, globalUIComponents: true });
    expect(visibleParts(fm, 'blank', new Set()).navbar).toBe(false);
    expect(visibleParts(fm, 'home', new Set()).sidebar).toBe(false);
    expect(visibleParts({ ...fm, outline: false }, 'doc', new Set()).outline).toBe(false);
    expect(visibleParts(fm, 'doc', new Set(['sidebar'])).sidebar).toBe(false);
  });
});

describe('404', () => {
  it('goes home in the reader language', () => {
    expect(notFoundHomeHref('/guide/nope', 'en')).toBe('/');
    expect(notFoundHomeHref('/zh/guide/nope', 'en')).toBe('/zh/');
  });
  it('drops the site language segment', () => {
    expect(notFoundRedirect('/en/guide/start/', 'en')).toBe('/guide/start/');
    expect(notFoundRedirect('/en', 'en')).toBe('/');
    expect(notFoundRedirect('/english/x', 'en')).toBeNull();
    expect(notFoundRedirect('/zh/x', 'en')).toBeNull();
  });
});

describe('locale redirect', () => {
  const base = { setting: 'auto' as const, visited: false, userAgent: 'Mozilla/5.0 Chrome/130', languages: ['zh-CN'], currentLang: 'en' as const, translations: [{ lang: 'en' as const, routePath: '/a' }, { lang: 'zh' as const, routePath: '/zh/a' }] };
  it('redirects first visits to the twin in the browser language', () => {
    expect(localeRedirectTarget(base)).toBe('/zh/a');
    expect(localeRedirectTarget({ ...base, visited: true })).toBeNull();
    expect(localeRedirectTarget({ ...base, setting: 'never' })).toBeNull();
    expect(localeRedirectTarget({ ...base, languages: ['en-US'] })).toBeNull();
    expect(localeRedirectTarget({ ...base, userAgent: 'Googlebot/2.1' })).toBeNull();
  });
  it('knows bots', () => {
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) Chrome-Lighthouse')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36')).toBe(false);
  });
});

describe('theme', () => {
  it('treats unknown stored values as auto', () => {
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference('purple')).toBe('auto');
    expect(parsePreference(null)).toBe('auto');
  });
  it('resolves auto from the system and forces light without dark mode', () => {
    expect(resolveTheme('auto', true, true)).toBe('dark');
    expect(resolveTheme('dark', true, false)).toBe('light');
    expect(toggledPreference('dark')).toBe('light');
  });
});

describe('small formats', () => {
  it('formats dates the same on server and browser', () => {
    expect(formatDate('2025-05-14', 'en', uiStrings.en.months)).toBe('May 14, 2025');
    expect(formatDate('2025-05-14', 'zh', uiStrings.zh.months)).toBe('2025年5月14日');
    expect(isoDate(Date.UTC(2025, 0, 2))).toBe('2025-01-02');
  });
  it('builds the copy fallback prompt', () => {
    expect(copyFallbackText(uiStrings.en.copyFallback, 'MacIntel')).toBe('Copy to clipboard: Cmd+C, Enter');
    expect(copyFallbackText(uiStrings.en.copyFallback, 'Linux x86_64')).toBe('Copy to clipboard: Ctrl+C, Enter');
  });
  it('tabs: storage key, stored index, keyboard', () => {
    expect(tabsStorageKey('package-manager')).toBe('rspress.tabs.package-manager');
    expect(storedTabIndex(['npm', 'yarn'], 'yarn')).toBe(1);
    expect(storedTabIndex(['npm', 'yarn'], 'bun')).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
    expect(nextTabIndex('x', 0, 4)).toBeNull();
  });
  it('progress bar trickles from the minimum and never completes by itself', () => {
    expect(trickle(0)).toBeCloseTo(PROGRESS.minimum + PROGRESS.trickleRate);
    let v = 0;
    for (let i = 0; i < 1000; i++) v = trickle(v);
    expect(v).toBeLessThan(1);
  });
  it('outline: last heading above the line, last one at the bottom', () => {
    const hs = [{ id: 'a', top: -100 }, { id: 'b', top: 50 }, { id: 'c', top: 400 }];
    expect(activeHeadingId(hs, 80, false)).toBe('b');
    expect(activeHeadingId(hs, 80, true)).toBe('c');
    expect(activeHeadingId([{ id: 'a', top: 300 }, { id: 'b', top: 600 }], 80, false)).toBe('a');
    expect(activeHeadingId([], 80, false)).toBeNull();
  });
  it('tool cards follow the path language', () => {
    const tool = { name: 'Rspack', desc: '打包工具', descEn: 'Bundler', logo: '/r.svg', url: 'https://rspack.rs/zh/', urlEn: 'https://rspack.rs/' };
    expect(showcaseLang('/zh/guide/')).toBe('zh');
    expect(showcaseLang('/guide/zhx')).toBe('en');
    expect(toolCard(tool, 'en')).toMatchObject({ desc: 'Bundler', url: 'https://rspack.rs/', urlText: 'rspack.rs' });
    expect(toolCard(tool, 'zh')).toMatchObject({ desc: '打包工具', urlText: 'rspack.rs/zh' });
  });
  it('HAST properties become React props', () => {
    expect(parseStyle('--s-l:#fff;font-size: 12px')).toEqual({ '--s-l': '#fff', fontSize: '12px' });
    expect(hastPropsToReact({ className: ['line', 'highlighted'], ariaLabel: 'x', dataLine: 3, hidden: false, rel: ['noopener', 'noreferrer'] })).toEqual({
      className: 'line highlighted',
      'aria-label': 'x',
      'data-line': 3,
      rel: 'noopener noreferrer',
    });
  });
  it('packs loader data as JSON on the server and unpacks it once', () => {
    const packed = packData({ a: 1 });
    expect(packed).toEqual({ json: '{"a":1}' });
    expect(unpackData(packed)).toBe(unpackData(packed));
  });
  it('has the same string keys in both languages', () => {
    expect(Object.keys(uiStrings.zh).sort()).toEqual(Object.keys(uiStrings.en).sort());
    expect(uiStrings.zh.outlineTitle).toBe('目录');
    expect(uiStrings.zh.prevPage).toBe('上一页');
    expect(uiStrings.zh.nextPage).toBe('下一页');
  });
});

describe('sidebar parts', () => {
  const outline: ResolvedSidebarItem[] = [
    { sectionHeaderText: 'Reference' },
    { text: 'Group 0', collapsible: true, collapsed: false, items: [], part: 'sidebars/en/docs/1.json' },
    { text: 'Group 1', collapsible: true, collapsed: false, items: [], part: 'sidebars/en/docs/2.json' },
  ];
  const part: SidebarFile = { schemaVersion: 1, lang: 'en', key: '/docs/', part: 2, items: [{ text: 'Page 50', link: '/docs/p50' }] };
  it("fills in the page's own group and leaves the others to load", () => {
    const merged = withPart(outline, part);
    expect(merged[2]).toMatchObject({ text: 'Group 1', items: part.items });
    expect(merged[1]).toBe(outline[1]);
    expect(isUnloadedGroup(merged[2] as ResolvedSidebarGroup)).toBe(false);
    expect(isUnloadedGroup(merged[1] as ResolvedSidebarGroup)).toBe(true);
    expect(withPart(outline, null)).toBe(outline);
  });
  it('opens the loaded group of the active page and keeps the unloaded ones closed', () => {
    const merged = withPart(outline, part);
    expect(initialGroupOpen(merged[2] as ResolvedSidebarGroup, '/docs/p50')).toBe(true);
    expect(initialGroupOpen(merged[1] as ResolvedSidebarGroup, '/docs/p50')).toBe(false);
    // A group that cannot collapse is shown (and so loaded) at once.
    expect(initialGroupOpen({ ...(merged[1] as ResolvedSidebarGroup), collapsible: false }, '/docs/p50')).toBe(true);
  });
});

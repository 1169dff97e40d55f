import { describe, expect, it } from 'vitest';
import { headTagsToHtml, pageHead } from '../../../renderer/lib/head.ts';
import type { SiteShell } from '../../../schemas/site.ts';

// What pageHead reads of a site's shell.
const shell = (): SiteShell =>
  ({ title: 'Rslib', description: 'Libraries', url: 'https://rslib.rs', icon: '/logo.svg', lang: 'en', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文', title: 'Rslib' }], themeConfig: { search: { provider: 'local' } } }) as unknown as SiteShell;

describe('pageHead', () => {
  it('connects to a hosted search host from the prerendered head, and to none for the embedded index', () => {
    const site = shell();
    expect(site.themeConfig.search.provider).toBe('local');
    expect(pageHead(site, null, 'en').tags.some((tag) => tag.attrs.rel === 'preconnect')).toBe(false);
    const hosted = { ...site, themeConfig: { ...site.themeConfig, search: { provider: 'algolia', appId: 'APPID42', apiKey: 'k', indexName: 'lib', insights: false } } } as SiteShell;
    const html = headTagsToHtml(pageHead(hosted, null, 'zh').tags);
    expect(html).toContain('<link rel="preconnect" href="https://APPID42-dsn.algolia.net" crossorigin="anonymous" data-page-head="">');
  });
});

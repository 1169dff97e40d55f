import { describe, expect, it } from 'vitest';
import { isSharedPath, localizeRoute, routeIdentity, routeOfFile } from '../../pipeline/routes.ts';

describe('routes of content files', () => {
  it.each([
    ['index.md', '/'],
    ['guide/start/index.md', '/guide/start/'],
    ['guide/start/quick-start.md', '/guide/start/quick-start'],
    ['blog/introducing-rslib.md', '/blog/introducing-rslib'],
    ['config/index.md', '/config/'],
  ])('%s → %s', (file, route) => expect(routeOfFile(file)).toBe(route));

  it('prefixes Chinese routes with /zh and leaves English unprefixed', () => {
    expect(localizeRoute('/guide/', 'zh')).toBe('/zh/guide/');
    expect(localizeRoute('/', 'zh')).toBe('/zh/');
    expect(localizeRoute('/guide/', 'en')).toBe('/guide/');
  });

  it('excludes shared folders in either language', () => {
    expect(isSharedPath('shared/esm.md')).toBe(true);
    expect(isSharedPath('guide/shared/x.md')).toBe(true);
    expect(isSharedPath('guide/sharedx.md')).toBe(false);
  });

  it('treats /a and /a/ as the same route for collisions', () => {
    expect(routeIdentity('/guide/a')).toBe(routeIdentity('/guide/a/'));
    expect(routeIdentity('/')).toBe('/');
  });
});

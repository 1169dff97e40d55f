import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, CACHE_RULES, patternMatches, publicCacheRules } from '../../../renderer/prerender/cache-headers.ts';
import { tempDir } from '../../temp-dir.ts';

describe('cache headers', () => {
  it('keeps hashed assets for good and revalidates data', () => {
    expect(CACHE_RULES).toEqual([
      ['/_assets/*', 'public, max-age=31536000, immutable'],
      ['/_data/*', 'public, max-age=0, must-revalidate'],
    ]);
  });

  it('keeps a folder of images and an image an hour, and revalidates any other public file', () => {
    const dir = tempDir('public-');
    mkdirSync(path.join(dir, 'icons/nested'), { recursive: true });
    writeFileSync(path.join(dir, 'icons/a.svg'), '');
    writeFileSync(path.join(dir, 'icons/nested/b.PNG'), '');
    mkdirSync(path.join(dir, 'files'));
    writeFileSync(path.join(dir, 'files/a.svg'), '');
    writeFileSync(path.join(dir, 'files/notes.txt'), '');
    writeFileSync(path.join(dir, 'logo.svg'), '');
    writeFileSync(path.join(dir, 'robots.txt'), '');
    expect(publicCacheRules(dir)).toEqual([
      ['/files/*', CACHE_CONTROL.revalidate],
      ['/icons/*', CACHE_CONTROL.image],
      ['/logo.svg', CACHE_CONTROL.image],
      ['/robots.txt', CACHE_CONTROL.revalidate],
    ]);
    expect(publicCacheRules(path.join(dir, 'missing'))).toEqual([]);
  });

  it('matches a pattern exactly or up to its trailing splat', () => {
    expect(patternMatches('/_assets/*', '/_assets/a-1.js')).toBe(true);
    expect(patternMatches('/_assets/*', '/_assetsx')).toBe(false);
    expect(patternMatches('/logo.svg', '/logo.svg')).toBe(true);
    expect(patternMatches('/logo.svg', '/logo.svg/x')).toBe(false);
  });
});

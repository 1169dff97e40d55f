import { describe, expect, it } from 'vitest';
import { dataPathForRoute, langOfRoute, normalizeRoutePath } from '../../schemas/paths.ts';

describe('route lookup', () => {
  it('strips .html and a trailing /index, and decodes', () => {
    expect(normalizeRoutePath('/guide/start/quick-start.html')).toBe('/guide/start/quick-start');
    expect(normalizeRoutePath('/guide/start/index')).toBe('/guide/start/');
    expect(normalizeRoutePath('/guide/start/index.html')).toBe('/guide/start/');
    expect(normalizeRoutePath('/zh/%E6%8C%87%E5%8D%97')).toBe('/zh/指南');
    expect(normalizeRoutePath('/bad/%E0%A4%A')).toBe('/bad/%E0%A4%A');
  });
  it('maps routes to record paths', () => {
    expect(dataPathForRoute('/')).toBe('pages/en/index.json');
    expect(dataPathForRoute('/zh/')).toBe('pages/zh/index.json');
    expect(dataPathForRoute('/zh')).toBe('pages/zh/index.json');
    expect(dataPathForRoute('/guide/start/')).toBe('pages/en/guide/start/index.json');
    expect(dataPathForRoute('/zh/guide/start/quick-start.html')).toBe('pages/zh/guide/start/quick-start.json');
  });
  it('knows the language of a route', () => {
    expect(langOfRoute('/zh/guide/')).toBe('zh');
    expect(langOfRoute('/zhx/')).toBe('en');
  });
});

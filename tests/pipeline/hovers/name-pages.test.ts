import { describe, expect, it } from 'vitest';
import { configKeyPage, nameAnchor, nameAnchors, NAME_PAGES } from '../../../pipeline/hovers/name-pages.ts';

describe('name pages', () => {
  it('puts a config key on the page the coverage check requires of it', () => {
    expect(configKeyPage(['lib'], true)).toBe(NAME_PAGES.configOverview);
    expect(configKeyPage(['lib', 'umdName'], true)).toBe('/config/lib/umd-name');
    // A lib option at the top level is the same option.
    expect(configKeyPage(['format'], true)).toBe('/config/lib/format');
    expect(configKeyPage(['lib', 'dts', 'bundle', 'bundledPackages'], true)).toBe('/config/lib/dts#dts.bundle.bundledPackages');
    expect(configKeyPage(['output'], false)).toBe('/config/rsbuild/output');
    // Rsbuild's pages document the key under its top key.
    expect(configKeyPage(['lib', 'output', 'distPath', 'root'], false)).toBe('/config/rsbuild/output#output.distPath.root');
    expect(configKeyPage(['logLevel'], false)).toBe('/config/rsbuild/log-level');
    expect(configKeyPage([], false)).toBeNull();
  });

  it('writes the heading id a name-only heading gets', () => {
    expect(nameAnchor('loadEnv')).toBe('loadenv');
    expect(nameAnchor('output.target')).toBe('outputtarget');
    expect(nameAnchor('rslib build')).toBe('rslib-build');
    expect(nameAnchors('output.distPath.root')).toEqual(['outputdistpathroot', 'outputdistpath', 'output']);
    expect(nameAnchors('loadEnv')).toEqual(['loadenv']);
  });
});

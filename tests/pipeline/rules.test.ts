/**
 * Every content rule of docs/writing.md as a small broken tree → the located message it must give.
 * Each case breaks one English page (and keeps its twin valid) and expects the build to fail
 * with `file:line:col  error  message  [rule]`.
 */
import { describe, expect, it } from 'vitest';
import { baseFiles, baseSite, makeFixture } from './fixture.ts';

async function errorsFor(files: Record<string, string>, site = baseSite()) {
  const fixture = makeFixture({ ...baseFiles(), ...files }, site);
  const result = await fixture.build({ noCache: true });
  return { result, lines: fixture.messages(result), fixture };
}

describe('content rules', () => {
  it.each([
    ['invalid YAML', { 'en/guide/a.md': '---\ntitle: [unclosed\n---\n# A\n' }, /content\/en\/guide\/a\.md:\d+:\d+  error  Invalid YAML in frontmatter.*\[frontmatter-yaml\]/],
    ['unknown frontmatter key', { 'en/guide/a.md': '---\ntitle: A\nsidbar: false\n---\n# A\n' }, /content\/en\/guide\/a\.md:3:1  error  Unknown frontmatter key `sidbar`  \[frontmatter-schema\]/],
    ['mistyped frontmatter value', { 'en/guide/a.md': '---\nsidebar: "no"\n---\n# A\n' }, /content\/en\/guide\/a\.md:2:1  error  Invalid frontmatter `sidebar`.*\[frontmatter-schema\]/],
    ['bad date', { 'en/guide/a.md': '---\ndate: 14/05/2025\n---\n# A\n' }, /a\.md:2:1  error  Invalid frontmatter `date`: a date as YYYY-MM-DD  \[frontmatter-schema\]/],
    ['dead internal link', { 'en/guide/a.md': '# A\n\nSee [nope](/guide/nope).\n' }, /content\/en\/guide\/a\.md:3:5  error  Unknown link target \/guide\/nope  \[dead-link\]/],
    ['missing anchor', { 'en/guide/a.md': '# A\n\nSee [b](/guide/b#missing).\n' }, /a\.md:3:5  error  Unknown anchor #missing on \/guide\/b  \[dead-anchor\]/],
    ['missing same-page anchor', { 'en/guide/a.md': '# A\n\n[up](#nowhere)\n' }, /a\.md:3:1  error  Unknown anchor #nowhere on \/guide\/a  \[dead-anchor\]/],
    ['raw HTML', { 'en/guide/a.md': '# A\n\n<div>hi</div>\n' }, /a\.md:3:1  error  Raw HTML is not allowed.*\[raw-html\]/],
    ['inline raw HTML', { 'en/guide/a.md': '# A\n\nline<br>break\n' }, /a\.md:3:5  error  Raw HTML is not allowed.*\[raw-html\]/],
    ['javascript: link', { 'en/guide/a.md': '# A\n\n[x](javascript:alert(1))\n' }, /a\.md:3:1  error  Link scheme not allowed: javascript:.*\[unsafe-link\]/],
    ['missing twin', { 'en/guide/c.md': '# C\n' }, /content\/en\/guide\/c\.md:1:1  error  \/guide\/c has no zh twin.*\[missing-twin\]/],
    ['duplicate route', { 'en/guide/a/index.md': '# A again\n', 'zh/guide/a/index.md': '# A again\n' }, /error  Duplicate route \/guide\/a\/.*\[duplicate-route\]/],
    ['duplicate heading id', { 'en/guide/a.md': '# A\n\n## One {#x}\n\n## Two {#x}\n' }, /a\.md:5:1  error  Duplicate heading id #x  \[duplicate-id\]/],
    ['unknown directive', { 'en/guide/a.md': '# A\n\n:::tipp\nbody\n:::\n' }, /a\.md:3:1  error  Unknown directive :::tipp.*\[unknown-directive\]/],
    ['translation marker without a reason', { 'en/guide/a.md': '# A\n\n::translation-differs\n\nText.\n' }, /a\.md:3:1  error  ::translation-differs needs reason="…".*\[translation-marker\]/],
    ['translation marker with no block after it', { 'en/guide/a.md': '# A\n\nText.\n\n::translation-differs{reason="x"}\n' }, /a\.md:5:1  error  ::translation-differs must stand right before the block that differs  \[translation-marker\]/],
    ['include outside shared', { 'en/guide/a.md': '# A\n\n::include{file="./b.md"}\n' }, /a\.md:3:1  error  Include \.\/b\.md is outside a shared\/ folder.*\[include-outside-shared\]/],
    ['missing include', { 'en/guide/a.md': '# A\n\n::include{file="../shared/none.md"}\n' }, /a\.md:3:1  error  Include \.\.\/shared\/none\.md not found.*\[include-missing\]/],
    ['second h1', { 'en/guide/a.md': '# A\n\n# Again\n' }, /a\.md:3:1  error  A page has one # heading.*\[single-h1\]/],
    ['tab outside tabs', { 'en/guide/a.md': '# A\n\n:::tab[x]\nbody\n:::\n' }, /a\.md:3:1  error  :::tab must stand inside ::::tabs.*\[tabs-content\]/],
    ['external image', { 'en/guide/a.md': '# A\n\n![badge](https://img.shields.io/x)\n' }, /a\.md:3:1  error  External image https:\/\/img\.shields\.io\/x: put the file in content\/public.*\[external-image\]/],
    ['unknown public asset', { 'en/guide/a.md': '# A\n\n![logo](/missing.svg)\n' }, /a\.md:3:1  error  Unknown asset \/missing\.svg.*\[dead-link\]/],
    ['dead hero link', { 'en/index.md': '---\npageType: home\nhero:\n  name: X\n  actions:\n    - text: Go\n      link: /guide/gone\n---\n' }, /content\/en\/index\.md:7:13  error  Unknown link target \/guide\/gone  \[dead-link\]/],
    ['non-markdown file', { 'en/guide/c.mdx': '# C\n' }, /content\/en\/guide\/c\.mdx:1:1  error  Only \.md files.*\[unsupported-file\]/],
  ])('%s', async (_name, files, expected) => {
    const { result, lines } = await errorsFor(files as Record<string, string>);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toMatch(expected);
  });

  it('reports a sidebar entry that points nowhere, located in site.json', async () => {
    const site = baseSite();
    site.locales[0]!.sidebar = { '/guide/': [{ text: 'Start', items: ['/guide/', '/guide/a', '/guide/b', '/guide/gone'] }] };
    const { result, lines } = await errorsFor({}, site);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toMatch(/content\/site\.json:\d+:\d+  error  Sidebar "\/guide\/" \(en\) links to \/guide\/gone, which is not a page  \[sidebar-dead-link\]/);
  });

  it.each([
    ['appId', { provider: 'algolia', apiKey: 'k', indexName: 'lib' }, 'themeConfig.search.appId (the Algolia application id) is missing'],
    ['apiKey', { provider: 'algolia', appId: 'A', apiKey: '', indexName: 'lib' }, 'themeConfig.search.apiKey (the Algolia search key) is missing'],
  ])('fails the build when the hosted search has no %s', async (_name, search, message) => {
    const site = baseSite();
    site.themeConfig = { ...site.themeConfig, search: search as never };
    const { result, lines } = await errorsFor({}, site);
    expect(result.ok).toBe(false);
    expect(lines.join('\n')).toContain(message);
  });

  it('reports an invalid site config with its place', async () => {
    const fixture = makeFixture();
    fixture.write({ 'site.json': JSON.stringify({ ...baseSite(), titel: 'x' }, null, 2) });
    const result = await fixture.build();
    expect(result.ok).toBe(false);
    expect(fixture.messages(result).join('\n')).toMatch(/content\/site\.json:\d+:\d+  error  Invalid site config.*titel.*\[site-config\]/);
  });

  it('warns, without failing, about a page missing from the sidebar and an unknown code language', async () => {
    const { result, lines } = await errorsFor({
      'en/guide/c.md': '# C\n\n```klingon\nqapla\n```\n',
      'zh/guide/c.md': '# C\n\n```text\nqapla\n```\n',
    });
    expect(result.ok).toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/content\/en\/guide\/c\.md:1:1  warning  \/guide\/c is not listed in any sidebar  \[not-in-sidebar\]/));
    expect(lines).toContainEqual(expect.stringMatching(/content\/en\/guide\/c\.md:3:1  warning  Unknown code language "klingon"; rendered as plain text  \[unknown-code-lang\]/));
  });

  it('collects every problem of the run at once, across files and stages', async () => {
    const { result } = await errorsFor({
      'en/guide/a.md': '---\nbogus: 1\n---\n# A\n\n[x](/nowhere)\n\n<span>x</span>\n',
      'zh/guide/b.md': '# B\n\n:::nope\n:::\n',
    });
    const rules = result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining(['content/en/guide/a.md:frontmatter-schema', 'content/en/guide/a.md:dead-link', 'content/en/guide/a.md:raw-html', 'content/zh/guide/b.md:unknown-directive']),
    );
  });

  it('leaves the previous dist-data/ untouched when a run fails', async () => {
    const fixture = makeFixture();
    expect((await fixture.build()).ok).toBe(true);
    const before = fixture.read('pages/en/guide/a.json');
    fixture.write({ 'en/guide/a.md': '# A changed\n\n[x](/nowhere)\n' });
    const failed = await fixture.build();
    expect(failed.ok).toBe(false);
    expect(failed.emitted).toBe(false);
    expect(fixture.read('pages/en/guide/a.json')).toBe(before);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { compilePage, type CompiledPage, type CompileInput } from '../../../pipeline/compile/compile-page.ts';
import type { Element } from 'hast';
import { createHighlighter, harvestHighlights, MEMO_BLOCKS, rememberBlock } from '../../../pipeline/compile/highlight.ts';
import type { HastRoot } from '../../../schemas/hast.ts';
import { findAll } from '../hast-query.ts';

const bodyOf = (page: CompiledPage) => JSON.parse(page.body!) as HastRoot;

const input = (source: string): CompileInput => ({
  file: 'content/en/guide/a.md',
  relPath: 'guide/a.md',
  lang: 'en',
  source,
  fragments: new Map(),
  prefix: '',
  cleanUrls: true,
  defaultWrapCode: false,
});

const page = [
  '# Page',
  '',
  // No sample (its title is a caption, not a file's path): a sample's block gets its hovers after the compile, and is not carried over.
  '```ts title="Usage" {2}',
  "import { answer } from './answer';",
  "export const lib = { format: 'esm', answer };",
  '```',
  '',
  '```bash',
  'npm run build',
  '```',
  '',
  '```',
  'no language',
  '```',
  '',
].join('\n');

describe('highlighted blocks carried over to the next compile of a page', () => {
  it('gives the next compile every block, so an edit to the prose tokenizes nothing', async () => {
    const first = compilePage(input(page), await createHighlighter(['ts', 'bash']));
    const harvested = harvestHighlights(bodyOf(first), first.highlights!);
    expect(harvested).toHaveLength(3);

    // A highlighter without a single grammar: it can only answer from the seeded blocks.
    const bare = await createHighlighter([]);
    for (const [key, pre] of harvested) bare.memo.set(key, pre);
    const edited = compilePage(input(page.replace('# Page', '# Page\n\nA new paragraph.')), bare);
    expect(findAll(bodyOf(edited), 'code-block')).toEqual(findAll(bodyOf(first), 'code-block'));
  });

  it('gives nothing for blocks that changed, and nothing when the keys are not the body’s', async () => {
    const first = compilePage(input(page), await createHighlighter(['ts', 'bash']));
    const harvested = new Map(harvestHighlights(bodyOf(first), first.highlights!));
    const changed = compilePage(input(page.replace('npm run build', 'npm run dev')), await createHighlighter(['ts', 'bash']));
    const reused = changed.highlights!.filter((key) => harvested.has(key));
    expect(reused).toHaveLength(2); // the ts block and the plain one; not the edited bash block
    expect(harvestHighlights(bodyOf(first), first.highlights!.slice(1))).toEqual([]);
  });
});

describe('the highlighted blocks of a body, checked against its schema', () => {
  it('checks a block once, in the first page that has it, and the next page gets it as it is', async () => {
    const highlighter = await createHighlighter(['ts', 'bash']);
    const first = compilePage(input(page), highlighter);
    const twin = compilePage({ ...input(page.replace('# Page', '# Page, translated')), lang: 'zh', prefix: '/zh' }, highlighter);
    expect(findAll(bodyOf(twin), 'code-block')).toEqual(findAll(bodyOf(first), 'code-block'));
    const blocks = [...highlighter.memo.values()];
    expect(blocks).toHaveLength(3);
    for (const block of blocks) expect(highlighter.checked.has(block)).toBe(true);
  });

  it('reports a block that does not match the schema as the page body’s problem, and gives no body', async () => {
    const first = compilePage(input(page), await createHighlighter(['ts', 'bash']));
    const [[key, pre]] = harvestHighlights(bodyOf(first), first.highlights!) as [[string, Element]];
    // A block from elsewhere (a cache) whose tag name is not one HTML has.
    const broken: Element = { ...pre, tagName: 'Pre Block' };
    const page2 = compilePage(input(page), { shiki: null, memo: new Map([[key, broken], ...harvestHighlights(bodyOf(first), first.highlights!).slice(1)]), checked: new WeakSet() });
    expect(page2.body).toBeNull();
    expect(page2.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({ rule: 'schema', message: 'Page body does not match its schema at children.2.children.0.tagName: lower-case tag name' }),
    ]);
  });
});

describe('the memo of highlighted blocks', () => {
  it('keeps the blocks used last, up to its bound, whatever the size of the site', () => {
    const memo = new Map<string, Element>();
    const block = (n: number): Element => ({ type: 'element', tagName: 'pre', properties: { n }, children: [] });
    for (let n = 0; n < MEMO_BLOCKS; n++) rememberBlock(memo, `k${n}`, block(n));
    rememberBlock(memo, 'k0', memo.get('k0')!); // used again: now the newest
    for (let n = MEMO_BLOCKS; n < MEMO_BLOCKS + 10; n++) rememberBlock(memo, `k${n}`, block(n));
    expect(memo.size).toBe(MEMO_BLOCKS);
    expect(memo.has('k0')).toBe(true);
    expect([...Array(10).keys()].map((i) => memo.has(`k${i + 1}`))).toEqual(Array(10).fill(false));
    expect(memo.has(`k${MEMO_BLOCKS + 9}`)).toBe(true);
  });
});

describe('highlighting on a slow machine', () => {
  it('colours a block the same however long its lines take to tokenize', async () => {
    const source = ['# Page', '', '```ts', 'interface Options {', '  autoExternal?: boolean | { dependencies?: boolean; peerDependencies?: boolean };', '}', '```', ''].join('\n');
    const body = async () => findAll(bodyOf(compilePage(input(source), await createHighlighter(['ts']))), 'code-block');
    const unhurried = await body();
    // A clock that moves a second whenever it is read: past shiki's default limit of 500 ms per
    // line, the rest of every line would keep the scope it had (issue 21, two builds differed).
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(await body()).toEqual(unhurried);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the compact form of a highlighted block', () => {
  it('leaves tokens of the theme’s own foreground as plain text, which inherits the colour of <pre>', async () => {
    const body = bodyOf(compilePage(input(page), await createHighlighter(['ts', 'bash'])));
    const pre = findAll(body, 'pre')[0]!;
    const foreground = String(pre.properties.style).toLowerCase();
    expect(foreground).toMatch(/^--s-l:#[0-9a-f]{6};--s-d:#[0-9a-f]{6}$/);
    const tokens = findAll(pre, 'span').filter((span) => span.properties.style !== undefined);
    expect(tokens.length).toBeGreaterThan(2);
    expect(tokens.filter((span) => String(span.properties.style).toLowerCase() === foreground)).toEqual([]);
    // `{ answer }` and `;` are in the foreground: text of the line itself, one node where they meet.
    const firstLine = findAll(pre, 'span').find((span) => (span.properties.className as string[] | undefined)?.includes('line'))!;
    expect(firstLine.children.filter((child) => child.type === 'text').map((child) => (child as { value: string }).value)).toEqual([' { answer } ', ';']);
  });
});

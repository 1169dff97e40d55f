import { createElement, Fragment, type ReactNode } from 'react';
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { hastPropsToReact } from '../lib/hast.ts';
import { fill } from '../strings.ts';
import { AppLink } from './AppLink.tsx';
import { Callout } from './Callout.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { hoverTextsOf, HOVERS_TAG } from '../lib/code-hovers.ts';
import styles from './HastContent.module.css';
import { usePartCache } from '../hooks/usePartCache.ts';
import type { PartCache } from '../app/lazy-parts.ts';

type Render = (node: HastChild, key: number) => ReactNode;
/** Per render: whether images zoom, the page's lazy parts (tabs, zoom), each table's name, and the hover texts. */
interface RenderOptions {
  zoom: boolean;
  parts: PartCache;
  /** The accessible name of the next table's scrolling region ("Table 3"), unique on the page. */
  nextTableLabel: () => string;
  /** The hover texts the code blocks' names point at (renderer/lib/code-hovers.ts). */
  hovers?: readonly HastElement[];
}
type Handler = (element: HastElement, key: number, render: Render, options: RenderOptions) => ReactNode;

/** Elements React must not be given children for. */
const VOID = new Set(['img', 'br', 'hr', 'input', 'col', 'area', 'source', 'wbr']);

// Whitespace inside table structure is already dropped by the pipeline (pipeline/compile/compact.ts).
const children = (element: HastElement, render: Render) => element.children.map((child, i) => render(child, i));

function heading(element: HastElement, key: number, render: Render): ReactNode {
  const props = hastPropsToReact(element.properties);
  const id = typeof props.id === 'string' ? props.id : undefined;
  return createElement(
    element.tagName,
    { ...props, key },
    ...children(element, render),
    id && element.tagName !== 'h1' ? (
      <a key="anchor" className={styles.anchor} href={`#${id}`} aria-hidden="true" tabIndex={-1}>
        #
      </a>
    ) : null,
  );
}

/**
 * The tag → component table (one table; layouts only compose). Anything not listed is
 * ordinary HTML rendered as itself, with HAST property names converted to React's.
 */
const TAGS: Record<string, Handler> = {
  'code-block': (el, key, _render, { hovers }) => <CodeBlock key={key} element={el} hovers={hovers} />,
  // The page's hover texts: shown by the code blocks' popovers, never as content of their own.
  [HOVERS_TAG]: () => null,
  tabs: (el, key, render, { parts }) => {
    const Tabs = parts.get('tabs');
    return <Tabs key={key} element={el} render={render} />;
  },
  callout: (el, key, render) => <Callout key={key} element={el} render={render} />,
  a: (el, key, render) => {
    const { href, ...props } = hastPropsToReact(el.properties);
    return (
      <AppLink key={key} href={String(href ?? '#')} {...props}>
        {children(el, render)}
      </AppLink>
    );
  },
  img: (el, key, _render, { zoom, parts }) => {
    const ZoomImage = parts.get('zoom');
    return <ZoomImage key={key} props={hastPropsToReact(el.properties)} zoom={zoom} />;
  },
  // A wide table scrolls sideways in its wrapper: a focusable region (named, as a region must be,
  // and uniquely: two regions of one name are one landmark twice) so a keyboard can scroll it.
  table: (el, key, render, { nextTableLabel }) => (
    <section key={key} className={styles.tableWrap} aria-label={nextTableLabel()} tabIndex={0}>
      {createElement('table', hastPropsToReact(el.properties), ...children(el, render))}
    </section>
  ),
  // An empty header cell (the corner of a table with row and column headers) heads nothing: a
  // plain cell, so assistive technology does not announce an empty header over every cell.
  // Column headers say so (scope): with a plain corner cell the table no longer reads as headers
  // of one row and one column only (WCAG technique H63).
  thead: (el, key, render) =>
    createElement(
      'thead',
      { ...hastPropsToReact(el.properties), key },
      ...el.children.map((row, i) => render(row.type === 'element' ? { ...row, children: row.children.map((cell) => (cell.type === 'element' && cell.tagName === 'th' && cell.children.length > 0 ? { ...cell, properties: { scope: 'col', ...cell.properties } } : cell)) } : row, i)),
    ),
  th: (el, key, render) => createElement(el.children.length === 0 ? 'td' : 'th', { ...hastPropsToReact(el.properties), key }, ...children(el, render)),
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
};

export function makeRenderer(options: RenderOptions): Render {
  const render: Render = (node, key) => {
    if (node.type === 'text') return node.value;
    const handler = TAGS[node.tagName];
    if (handler) return handler(node, key, render, options);
    const props = { ...hastPropsToReact(node.properties), key };
    if (VOID.has(node.tagName)) return createElement(node.tagName, props);
    return createElement(node.tagName, props, ...children(node, render));
  };
  return render;
}

/** Tables in these nodes, at any depth (inside tabs and callouts too). */
export function countTables(nodes: readonly HastChild[]): number {
  return nodes.reduce((sum, node) => sum + (node.type === 'element' ? Number(node.tagName === 'table') + countTables(node.children) : 0), 0);
}

/**
 * Renders a page body, or a part of one: its code blocks get the hover texts the part ends with
 * (the body's last child; a doc page's part before its overview has none). `zoom` is off when globalUIComponents is switched off;
 * `firstTable` numbers this part's tables after those of the parts before it on the page.
 */
export function HastContent({ root, zoom = true, className, firstTable = 1 }: { root: HastRoot; zoom?: boolean; className?: string; firstTable?: number }) {
  const { strings } = useApp();
  let table = firstTable;
  const render = makeRenderer({ zoom, parts: usePartCache(), nextTableLabel: () => fill(strings.table, { n: String(table++) }), hovers: hoverTextsOf(root.children) });
  return <div className={`${styles.content} ${className ?? ''}`}>{root.children.map((child, i) => render(child, i))}</div>;
}

export { Fragment };

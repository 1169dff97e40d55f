import { createElement, Fragment, type ReactNode } from 'react';
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';
import { hastPropsToReact } from '../lib/hast.ts';
import { AppLink } from './AppLink.tsx';
import { Callout } from './Callout.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import styles from './HastContent.module.css';
import { usePartCache } from '../hooks/usePartCache.ts';
import type { PartCache } from '../app/lazy-parts.ts';

type Render = (node: HastChild, key: number) => ReactNode;
/** Per render: whether images zoom, and the page's lazy parts (tabs, zoom). */
interface RenderOptions {
  zoom: boolean;
  parts: PartCache;
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
  'code-block': (el, key) => <CodeBlock key={key} element={el} />,
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
  table: (el, key, render) => (
    <div key={key} className={styles.tableWrap}>
      {createElement('table', hastPropsToReact(el.properties), ...children(el, render))}
    </div>
  ),
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

/** Renders a page body. `zoom` is off when globalUIComponents is switched off. */
export function HastContent({ root, zoom = true, className }: { root: HastRoot; zoom?: boolean; className?: string }) {
  const render = makeRenderer({ zoom, parts: usePartCache() });
  return <div className={`${styles.content} ${className ?? ''}`}>{root.children.map((child, i) => render(child, i))}</div>;
}

export { Fragment };

import { createElement, useEffect, useState, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { useCopied } from '../hooks/useCopied.ts';
import { copyFallbackText } from '../lib/clipboard.ts';
import { hastPropsToReact, hastText } from '../lib/hast.ts';
import styles from './CodeBlock.module.css';
import type { renderWithHovers } from './CodeHover.tsx';
import { CheckIcon, CopyIcon, WrapIcon } from './Icons.tsx';

/** Code tokens are plain elements: rendered without the link/heading table of the body. */
function renderCode(node: HastChild, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...node.children.map(renderCode));
}

/**
 * Title bar, highlighted lines, copy (2 s success, prompt fallback), wrap toggle, and popovers on
 * the names of config samples: `hovers` are the page's hover texts (renderer/lib/code-hovers.ts),
 * which the names point at.
 */
export function CodeBlock({ element, hovers = [] }: { element: HastElement; hovers?: readonly HastElement[] }) {
  const { strings, site } = useApp();
  const pre = element.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'pre');
  const title = typeof element.properties.title === 'string' ? element.properties.title : undefined;
  const lang = String(element.properties.lang ?? '');
  const [wrap, setWrap] = useState(element.properties.wrap === true || site.markdown.defaultWrapCode);
  const { copied, flash } = useCopied();
  // The names' popovers, a chunk of their own that no page's first load carries (never a page's
  // part: it is not needed to render the page). Names become buttons once it is in, after
  // hydration: without JavaScript a sample reads as plain code, and hydration renders exactly the
  // prerendered HTML. A chunk that fails to load leaves the names as plain code.
  const [renderHovered, setRenderHovered] = useState<typeof renderWithHovers>();
  useEffect(() => {
    if (hovers.length) void import('./CodeHover.tsx').then((m) => setRenderHovered(() => m.renderWithHovers), () => undefined);
  }, [hovers.length]);
  const render = renderHovered ? (node: HastChild, i: number) => renderHovered(node, i, hovers) : renderCode;

  const copy = async () => {
    const text = pre ? hastText(pre).replace(/\n$/, '') : '';
    try {
      await navigator.clipboard.writeText(text);
      flash();
    } catch {
      window.prompt(copyFallbackText(strings.copyFallback, navigator.platform), text);
    }
  };

  return (
    <div className={styles.block} data-lang={lang || undefined}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.body}>
        {pre && createElement('pre', { ...hastPropsToReact(pre.properties), 'data-wrap': wrap ? '' : undefined, tabIndex: 0 }, ...pre.children.map(render))}
        <div className={styles.actions}>
          <button type="button" className={styles.action} aria-label={strings.toggleWrap} title={strings.toggleWrap} aria-pressed={wrap} onClick={() => setWrap(!wrap)}>
            <WrapIcon />
          </button>
          <button type="button" className={styles.action} aria-label={strings.copyCode} title={copied ? strings.copied : strings.copyCode} data-copied={copied || undefined} onClick={copy}>
            {copied ? <CheckIcon /> : <CopyIcon />}
            <span className="sr-only" aria-live="polite">
              {copied ? strings.copied : ''}
            </span>
          </button>
        </div>
      </div>
    </div>
  );
}

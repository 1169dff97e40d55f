import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { useCopied } from '../hooks/useCopied.ts';
import { copyFallbackText } from '../lib/clipboard.ts';
import { hastPropsToReact, hastText } from '../lib/hast.ts';
import styles from './CodeBlock.module.css';
import type { CodeHoverProps } from './CodeHover.tsx';
import { CheckIcon, CopyIcon, WrapIcon } from './Icons.tsx';

/** How a sample's names render: as the prerendered spans, or (after hydration) with their popovers. */
interface CodeRender {
  texts: readonly HastElement[];
  Hover: ComponentType<CodeHoverProps> | undefined;
}

/** Code tokens are plain elements: rendered without the link/heading table of the body. */
function renderCode(node: HastChild, key: number, hovers: CodeRender): ReactNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map((child, i) => renderCode(child, i, hovers));
  const index = node.properties.dataHover;
  const text = typeof index === 'number' ? hovers.texts[index] : undefined;
  if (text && hovers.Hover) return <hovers.Hover key={key} text={text}>{children}</hovers.Hover>;
  return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...children);
}

/** Title bar, highlighted lines, copy (2 s success, prompt fallback), wrap toggle, hovers on the names of config samples. */
/** `hovers`: the hover texts of the page (renderer/lib/code-hovers.ts), which its names point at. */
export function CodeBlock({ element, hovers: texts = [] }: { element: HastElement; hovers?: readonly HastElement[] }) {
  const { strings, site } = useApp();
  const pre = element.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'pre');
  const title = typeof element.properties.title === 'string' ? element.properties.title : undefined;
  const lang = String(element.properties.lang ?? '');
  const [wrap, setWrap] = useState(element.properties.wrap === true || site.markdown.defaultWrapCode);
  const { copied, flash } = useCopied();
  // The popover's code, a chunk of its own that no page's first load carries (never a page's
  // part: it is not needed to render the page). Names become buttons once it is in, after
  // hydration: without JavaScript a sample reads as plain code, and hydration renders exactly the
  // prerendered HTML. A chunk that fails to load leaves the names as plain code.
  const [Hover, setHover] = useState<CodeRender['Hover']>();
  useEffect(() => {
    if (texts.length) void import('./CodeHover.tsx').then((m) => setHover(() => m.CodeHover), () => undefined);
  }, [texts.length]);
  const hovers: CodeRender = { texts, Hover };

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
        {pre && createElement('pre', { ...hastPropsToReact(pre.properties), 'data-wrap': wrap ? '' : undefined, tabIndex: 0 }, ...pre.children.map((child, i) => renderCode(child, i, hovers)))}
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

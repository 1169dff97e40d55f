import { createContext, createElement, useContext, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { useCopied } from '../hooks/useCopied.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { usePartCache } from '../hooks/usePartCache.ts';
import { copyFallbackText } from '../lib/clipboard.ts';
import { hoverIndexOf, queriesOf, signatureLines } from '../lib/code-hovers.ts';
import { hastPropsToReact, hastText } from '../lib/hast.ts';
import styles from './CodeBlock.module.css';
import type { CodeHoverProps } from './CodeHover.tsx';
import { CheckIcon, CopyIcon, WrapIcon } from './Icons.tsx';

/** The page's hover texts (renderer/lib/code-hovers.ts), given by HastContent to the code blocks it renders. */
export const HoverTexts = createContext<readonly HastElement[]>([]);

/** How a sample's names render: as the prerendered spans, or (after hydration) with their popovers. */
interface CodeRender {
  texts: readonly HastElement[];
  Hover: ComponentType<CodeHoverProps> | undefined;
}

/** Code tokens are plain elements: rendered without the link/heading table of the body. */
function renderCode(node: HastChild, key: number, hovers: CodeRender): ReactNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map((child, i) => renderCode(child, i, hovers));
  const index = hoverIndexOf(node);
  const text = index === null ? undefined : hovers.texts[index];
  if (text && hovers.Hover) return <hovers.Hover key={key} text={text}>{children}</hovers.Hover>;
  // `// ^?` answers, shown under the line they point into (with or without JavaScript), from
  // the column of the name they answer for (a custom property: no inline style of its own).
  for (const [column, query] of queriesOf(node)) {
    children.push(
      <span key={`query-${column}`} className={styles.query} style={{ '--query-column': column } as CSSProperties} data-query-answer="">
        {signatureLines(hovers.texts[query]).map((line, i) => renderCode(line, i, { texts: hovers.texts, Hover: undefined }))}
      </span>,
    );
  }
  return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...children);
}

/** Title bar, highlighted lines, copy (2 s success, prompt fallback), wrap toggle, hovers on the names of config samples. */
export function CodeBlock({ element }: { element: HastElement }) {
  const { strings, site } = useApp();
  const pre = element.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'pre');
  const title = typeof element.properties.title === 'string' ? element.properties.title : undefined;
  const lang = String(element.properties.lang ?? '');
  const [wrap, setWrap] = useState(element.properties.wrap === true || site.markdown.defaultWrapCode);
  const { copied, flash } = useCopied();
  const texts = useContext(HoverTexts);
  const parts = usePartCache();
  // Names become buttons after hydration only: without JavaScript a sample reads as plain code,
  // and hydration renders exactly the prerendered HTML.
  const hydrated = useHydrated();
  const hovers: CodeRender = { texts, Hover: hydrated && texts.length ? parts.peek('hovers') : undefined };

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

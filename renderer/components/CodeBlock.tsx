import { createElement, useState, type ReactNode } from 'react';
import type { HastChild, HastElement } from '../../schemas/hast.ts';
import { useApp } from '../app/app-context.tsx';
import { useCopied } from '../hooks/useCopied.ts';
import { copyFallbackText } from '../lib/clipboard.ts';
import { hastPropsToReact, hastText } from '../lib/hast.ts';
import styles from './CodeBlock.module.css';
import { CheckIcon, CopyIcon, WrapIcon } from './Icons.tsx';

/** Code tokens are plain elements: rendered without the link/heading table of the body. */
function renderCode(node: HastChild, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  return createElement(node.tagName, { ...hastPropsToReact(node.properties), key }, ...node.children.map(renderCode));
}

/** Title bar, highlighted lines, copy (2 s success, prompt fallback), wrap toggle. */
export function CodeBlock({ element }: { element: HastElement }) {
  const { strings, site } = useApp();
  const pre = element.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'pre');
  const title = typeof element.properties.title === 'string' ? element.properties.title : undefined;
  const lang = String(element.properties.lang ?? '');
  const [wrap, setWrap] = useState(element.properties.wrap === true || site.markdown.defaultWrapCode);
  const { copied, flash } = useCopied();

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
        {pre && createElement('pre', { ...hastPropsToReact(pre.properties), 'data-wrap': wrap ? '' : undefined, tabIndex: 0 }, ...pre.children.map(renderCode))}
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

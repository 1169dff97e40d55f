import { useApp } from '../app/app-context.tsx';
import { useCopied } from '../hooks/useCopied.ts';
import { copyFallbackText, copyPending } from '../lib/clipboard.ts';
import { CheckIcon, CopyIcon } from './Icons.tsx';
import styles from './PageMarkdown.module.css';

/**
 * Beside a doc page's title: copy the page's markdown twin, or open it. `href` is the twin's URL
 * from the page record (the pipeline publishes the file there). Without JavaScript the link works.
 */
export function PageMarkdown({ href }: { href: string }) {
  const { strings } = useApp();
  const { copied, flash } = useCopied();

  const copy = async () => {
    const text = fetch(href).then((response) => {
      if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
      return response.text();
    });
    try {
      await copyPending(text, { clipboard: navigator.clipboard, ClipboardItem: globalThis.ClipboardItem });
      flash();
    } catch {
      // The clipboard refused: offer the text to copy by hand, as code blocks do. A failed fetch leaves the link.
      const value = await text.catch(() => null);
      if (value !== null) window.prompt(copyFallbackText(strings.copyFallback, navigator.platform), value);
    }
  };

  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} data-copied={copied || undefined} onClick={copy}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {strings.copyPageMarkdown}
        <span className="sr-only" aria-live="polite">
          {copied ? strings.copied : ''}
        </span>
      </button>
      <a className={styles.action} href={href} type="text/markdown">
        {strings.viewPageMarkdown}
      </a>
    </div>
  );
}

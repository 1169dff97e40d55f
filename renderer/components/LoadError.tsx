import type { UiStrings } from '../strings.ts';
import styles from './LoadError.module.css';

/**
 * Shown in place of a page whose record failed to load or to validate (a network error, a 500, a
 * record that does not match the schema). Plain links, not in-app ones: "Try again" reloads the
 * page from the server (its prerendered HTML), and the router may be what is broken.
 * Takes its strings as props so it renders even when site.json itself could not be loaded.
 */
export function LoadError({ strings, retryHref, homeHref }: { strings: UiStrings; retryHref: string; homeHref: string }) {
  return (
    <div className={styles.page} role="alert" data-testid="load-error">
      <svg className={styles.icon} width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        <path d="M12 9v4M12 17h.01" />
      </svg>
      <h1 className={styles.title}>{strings.loadErrorTitle}</h1>
      <p className={styles.text}>{strings.loadErrorText}</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={retryHref}>
          {strings.retry}
        </a>
        <a className={styles.secondary} href={homeHref}>
          {strings.backHome}
        </a>
      </div>
    </div>
  );
}

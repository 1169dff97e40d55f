import type { UiStrings } from '../strings.ts';
import { WarningIcon } from './Icons.tsx';
import pill from '../styles/pill-button.module.css';
import styles from './LoadError.module.css';
// Centred like the 404 page, in whose place it stands.
import notFound from './NotFound.module.css';

/**
 * Shown in place of a page whose record failed to load or to validate (a network error, a 500, a
 * record that does not match the schema). Plain links, not in-app ones: "Try again" reloads the
 * page from the server (its prerendered HTML), and the router may be what is broken.
 * Takes its strings as props so it renders even when site.json itself could not be loaded.
 */
export function LoadError({ strings, retryHref, homeHref }: { strings: UiStrings; retryHref: string; homeHref: string }) {
  return (
    <div className={notFound.page} role="alert" data-testid="load-error">
      <WarningIcon className={styles.icon} />
      <h1 className={styles.title}>{strings.loadErrorTitle}</h1>
      <p className={styles.text}>{strings.loadErrorText}</p>
      <div className={styles.actions}>
        <a className={`${pill.pillButton} ${styles.primary}`} href={retryHref}>
          {strings.retry}
        </a>
        <a className={`${pill.pillButton} ${styles.secondary}`} href={homeHref}>
          {strings.backHome}
        </a>
      </div>
    </div>
  );
}

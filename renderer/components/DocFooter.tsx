import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { formatDate, isoDate } from '../lib/date.ts';
import { AppLink } from './AppLink.tsx';
import styles from './DocFooter.module.css';

/** Edit link, Last Updated, and Previous Page / Next Page. */
export function DocFooter({ record }: { record: PageRecord }) {
  const { site, lang, strings } = useApp();
  const showUpdated = site.themeConfig.lastUpdated && record.lastUpdatedTime !== null;
  const updatedText = lang === site.lang && site.themeConfig.lastUpdatedText ? site.themeConfig.lastUpdatedText : strings.lastUpdated;
  return (
    <footer className={styles.footer} data-part="footer">
      {(record.editLink || showUpdated) && (
        <div className={styles.meta}>
          {record.editLink && (
            <a className={styles.edit} href={record.editLink.url} target="_blank" rel="noopener noreferrer">
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M12 20h9M16.5 3.5a2.12 2.12 0 1 1 3 3L7 19l-4 1 1-4Z" />
              </svg>
              {record.editLink.text}
            </a>
          )}
          {showUpdated && (
            <p className={styles.updated}>
              {updatedText}: <time dateTime={isoDate(record.lastUpdatedTime!)}>{formatDate(record.lastUpdatedTime!, lang, strings.months)}</time>
            </p>
          )}
        </div>
      )}
      {(record.prevPage || record.nextPage) && (
        <nav className={styles.pager} aria-label={`${strings.prevPage} / ${strings.nextPage}`}>
          {record.prevPage ? (
            <AppLink className={styles.card} href={record.prevPage.link} rel="prev">
              <span className={styles.label}>{strings.prevPage}</span>
              <span className={styles.target}>{record.prevPage.text}</span>
            </AppLink>
          ) : (
            <span />
          )}
          {record.nextPage && (
            <AppLink className={`${styles.card} ${styles.next}`} href={record.nextPage.link} rel="next">
              <span className={styles.label}>{strings.nextPage}</span>
              <span className={styles.target}>{record.nextPage.text}</span>
            </AppLink>
          )}
        </nav>
      )}
    </footer>
  );
}

/**
 * The dialog's screens without hits: no results (with suggestions and the report link) and a
 * failed search.
 */
import { fill, type SearchStrings } from './strings.ts';
import styles from './SearchModal.module.css';

export function NoResults(props: { strings: SearchStrings; query: string; suggestions: string[]; missingResultsUrl: string | null; onSuggest(q: string): void }) {
  const { strings, query } = props;
  let reportUrl: string | null = null;
  if (props.missingResultsUrl) {
    try {
      const url = new URL(props.missingResultsUrl);
      url.searchParams.set('q', query);
      reportUrl = url.toString();
    } catch {
      reportUrl = null;
    }
  }
  return (
    <div className={styles.message} data-screen="no-results">
      <p className={styles.messageTitle}>{fill(strings.noResults, { query })}</p>
      {props.suggestions.length > 0 && (
        <div className={styles.suggestions}>
          <p>{strings.trySearching}</p>
          <ul>
            {props.suggestions.map((s) => (
              <li key={s}>
                <button type="button" className={styles.suggestion} onClick={() => props.onSuggest(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {reportUrl && (
        <p className={styles.help}>
          {strings.reportMissing}{' '}
          <a href={reportUrl} target="_blank" rel="noopener noreferrer">
            {strings.reportMissingLink}
          </a>
        </p>
      )}
    </div>
  );
}

export function ErrorScreen({ strings }: { strings: SearchStrings }) {
  return (
    <div className={styles.message} data-screen="error" role="alert">
      <p className={styles.messageTitle}>{strings.errorTitle}</p>
      <p className={styles.help}>{strings.errorHelp}</p>
    </div>
  );
}


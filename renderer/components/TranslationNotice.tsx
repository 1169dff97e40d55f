import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { AppLink } from './AppLink.tsx';
import styles from './TranslationNotice.module.css';

/** On a translated page whose source page changed after it (dist-data/translations.json): says so, and links to the source. */
export function TranslationNotice({ status }: { status: PageRecord['translationStatus'] }) {
  const { strings, site } = useApp();
  if (status?.state !== 'outdated') return null;
  return (
    <div role="note" className={styles.notice} data-testid="outdated-translation">
      <p>
        {strings.outdatedTranslation}{' '}
        <AppLink href={status.source} hrefLang={site.lang}>
          {strings.outdatedTranslationLink}
        </AppLink>
      </p>
    </div>
  );
}

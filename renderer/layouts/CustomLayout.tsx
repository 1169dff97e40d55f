import type { PageRecord } from '../../schemas/page.ts';
import { HastContent } from '../components/HastContent.tsx';
import { MAIN_ID } from '../components/SkipLink.tsx';
import type { PageParts } from '../lib/flags.ts';
import styles from './CustomLayout.module.css';

/** Custom and blank pages: the page's own content, full width (blank also hides the nav bar). */
export function CustomLayout({ record, parts }: { record: PageRecord; parts: PageParts }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={styles.custom}>
      <HastContent root={record.body} zoom={parts.globalUIComponents} />
    </main>
  );
}

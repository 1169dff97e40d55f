import type { PageRecord } from '../../schemas/page.ts';
import { useApp } from '../app/app-context.tsx';
import { Features } from '../components/Features.tsx';
import { HastContent } from '../components/HastContent.tsx';
import { Hero } from '../components/Hero.tsx';
import { MAIN_ID } from '../components/SkipLink.tsx';
import { ToolShowcase } from '../components/ToolShowcase.tsx';
import type { PageParts } from '../lib/flags.ts';
import styles from './HomeLayout.module.css';

/** The home page: hero, features, any body content, the tool showcase and the copyright line. */
export function HomeLayout({ record, parts }: { record: PageRecord; parts: PageParts }) {
  const { site } = useApp();
  const { hero, features } = record.frontmatter;
  return (
    <>
      <main id={MAIN_ID} tabIndex={-1} className={styles.home}>
        {hero && <Hero hero={hero} />}
        {features && features.length > 0 && <Features features={features} />}
        {record.body.children.length > 0 && (
          <div className={styles.body}>
            <HastContent root={record.body} zoom={parts.globalUIComponents} />
          </div>
        )}
        {site.toolShowcase && <ToolShowcase showcase={site.toolShowcase} />}
      </main>
      {site.copyright && (
        <footer className={styles.footer}>
          <p>{site.copyright}</p>
        </footer>
      )}
    </>
  );
}

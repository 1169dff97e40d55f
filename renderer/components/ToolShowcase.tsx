import type { ToolShowcase as Showcase } from '../../schemas/tool-showcase.ts';
import type { CSSProperties } from 'react';
import { useApp } from '../app/app-context.tsx';
import { showcaseLang, toolCard } from '../lib/tools.ts';
import styles from './ToolShowcase.module.css';

/** Title, description and six tool cards, each opening in a new tab. */
export function ToolShowcase({ showcase }: { showcase: Showcase }) {
  const { strings, pathname } = useApp();
  const lang = showcaseLang(pathname);
  return (
    <section className={styles.section} aria-labelledby="tool-showcase-title">
      <h2 id="tool-showcase-title" className={styles.title}>
        {strings.toolShowcaseTitle}
      </h2>
      <p className={styles.desc}>{strings.toolShowcaseDesc}</p>
      <ul className={styles.grid}>
        {showcase.tools.map((tool) => {
          const card = toolCard(tool, lang);
          return (
            <li key={card.name}>
              <a className={styles.card} href={card.url} target="_blank" rel="noopener noreferrer">
                <img className={styles.logo} src={card.logo} alt="" width={56} height={56} loading="lazy" style={card.logoScale !== 1 ? ({ '--logo-scale': card.logoScale } as CSSProperties) : undefined} />
                <span className={styles.name}>{card.name}</span>
                <span className={styles.cardDesc}>{card.desc}</span>
                <span className={styles.url}>{card.urlText} ↗</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

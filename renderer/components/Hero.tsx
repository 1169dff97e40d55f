import type { Frontmatter } from '../../schemas/frontmatter.ts';
import { AppLink } from './AppLink.tsx';
import styles from './Hero.module.css';
import { GithubIcon } from './Icons.tsx';

type HeroData = NonNullable<Frontmatter['hero']>;

/** Logo, title, subtitle, description, Get Started and a GitHub (or Learn More) button. */
export function Hero({ hero }: { hero: HeroData }) {
  return (
    <section className={styles.hero}>
      <div className={styles.glow} aria-hidden="true" />
      {hero.image && <img className={styles.logo} src={hero.image.src} alt={hero.image.alt} width={160} height={160} />}
      <h1 className={styles.name}>{hero.name}</h1>
      {hero.text && <p className={styles.text}>{hero.text}</p>}
      {hero.tagline && <p className={styles.tagline}>{hero.tagline}</p>}
      {hero.actions.length > 0 && (
        <div className={styles.actions}>
          {hero.actions.map((action) => {
            // The pipeline has already given internal links their language prefix and checked them.
            const href = action.link;
            const github = /github\.com/.test(href);
            return (
              <AppLink key={action.text} href={href} className={styles.action} data-theme={action.theme}>
                {github && <GithubIcon width={18} height={18} />}
                {action.text}
              </AppLink>
            );
          })}
        </div>
      )}
    </section>
  );
}

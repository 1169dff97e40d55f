import type { Frontmatter } from '../../schemas/frontmatter.ts';
import { AppLink } from './AppLink.tsx';
import styles from './Features.module.css';

type Feature = NonNullable<Frontmatter['features']>[number];

export function Features({ features }: { features: Feature[] }) {
  return (
    <section className={styles.features}>
      {features.map((feature) => {
        const body = (
          <>
            {feature.icon && (
              <span className={styles.icon} aria-hidden="true">
                {feature.icon.startsWith('/') ? <img src={feature.icon} alt="" width={32} height={32} /> : feature.icon}
              </span>
            )}
            <h2 className={styles.title}>{feature.title}</h2>
            <p className={styles.details}>{feature.details}</p>
          </>
        );
        return feature.link ? (
          <AppLink key={feature.title} className={styles.card} href={feature.link}>
            {body}
          </AppLink>
        ) : (
          <div key={feature.title} className={styles.card}>
            {body}
          </div>
        );
      })}
    </section>
  );
}

import type { CSSProperties } from 'react';
import type { Frontmatter } from '../../schemas/frontmatter.ts';
import { AppLink } from './AppLink.tsx';
import styles from './Features.module.css';

type Feature = NonNullable<Frontmatter['features']>[number];

/**
 * An SVG path is drawn as a mask in the theme's brand colour (one self-hosted file serves light
 * and dark); any other image as is; anything else is text.
 */
/**
 * `url(…)` unquoted, the characters it cannot hold percent-encoded: quoted, the attribute would
 * carry `&quot;`, which HTML validators' CSS parsers read as written (html-validate's
 * no-inline-style then sees no custom property and flags the style).
 */
function cssUrl(path: string): string {
  return `url(${encodeURI(path).replace(/[()'"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;
}

function FeatureIcon({ icon }: { icon: string }) {
  if (icon.startsWith('/') && icon.endsWith('.svg')) return <span className={styles.glyph} data-icon="" style={{ '--icon': cssUrl(icon) } as CSSProperties} />;
  if (icon.startsWith('/')) return <img src={icon} alt="" width={32} height={32} data-icon="" />;
  return <span data-icon="">{icon}</span>;
}

export function Features({ features }: { features: Feature[] }) {
  return (
    <section className={styles.features} data-part="features">
      {features.map((feature) => {
        const body = (
          <>
            {feature.icon && (
              <span className={styles.icon} aria-hidden="true">
                <FeatureIcon icon={feature.icon} />
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

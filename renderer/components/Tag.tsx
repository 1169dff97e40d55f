import styles from '../styles/tag.module.css';

/** The small badge beside a nav or sidebar label (`tag` in site.json, e.g. "new"). */
export function Tag({ tag }: { tag?: string | undefined }) {
  return tag ? <span className={styles.tag}>{tag}</span> : null;
}

import { useApp } from '../app/app-context.tsx';
import styles from './SkipLink.module.css';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  const { strings } = useApp();
  return (
    <a className={styles.skip} href={`#${MAIN_ID}`}>
      {strings.skipToContent}
    </a>
  );
}

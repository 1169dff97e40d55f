/** The dialog's footer: the keys that select, move and close. */
import type { SearchStrings } from './strings.ts';
import styles from './SearchModal.module.css';

export function ModalFooter({ strings }: { strings: SearchStrings }) {
  return (
    <footer className={styles.footer}>
      <ul className={styles.commands}>
        <li>
          <kbd aria-label={strings.enterKey}>↵</kbd>
          <span>{strings.toSelect}</span>
        </li>
        <li>
          <kbd aria-label={strings.arrowDown}>↓</kbd>
          <kbd aria-label={strings.arrowUp}>↑</kbd>
          <span>{strings.toNavigate}</span>
        </li>
        <li>
          <kbd aria-label={strings.escapeKey}>esc</kbd>
          <span>{strings.toClose}</span>
        </li>
      </ul>
    </footer>
  );
}

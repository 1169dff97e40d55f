import { flushSync } from 'react-dom';
import { useApp } from '../app/app-context.tsx';
import { THEME_STORAGE_KEY, toggledPreference, type ResolvedTheme } from '../lib/theme.ts';
import { applyTheme } from '../hooks/useSystemTheme.ts';
import { MoonIcon, SunIcon } from './Icons.tsx';
import iconButton from '../styles/icon-button.module.css';
import styles from './ThemeToggle.module.css';

/** The circular reveal lasts 400 ms. */
export const THEME_ANIMATION_MS = 400;

/**
 * Flips light/dark and stores the choice. With view transitions available, motion allowed and the
 * option on, the new theme is revealed by a circle growing from the button (400 ms).
 */
export function ThemeToggle() {
  const { site, strings } = useApp();
  if (!site.themeConfig.darkMode) return null;
  const onClick = (event: React.MouseEvent<HTMLButtonElement>) => {
    const current: ResolvedTheme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
    const next = toggledPreference(current) as ResolvedTheme;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    const animate =
      site.themeConfig.enableAppearanceAnimation &&
      typeof document.startViewTransition === 'function' &&
      !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!animate) {
      applyTheme(next);
      return;
    }
    const x = event.clientX || event.currentTarget.getBoundingClientRect().left + 16;
    const y = event.clientY || event.currentTarget.getBoundingClientRect().top + 16;
    // The reveal's code loads on the first click: no page needs it to render.
    void import('../lib/theme-reveal.ts').then(({ revealTheme }) => revealTheme(() => flushSync(() => applyTheme(next)), x, y, THEME_ANIMATION_MS));
  };
  return (
    <button type="button" className={`${iconButton.iconButton} ${iconButton.strong}`} aria-label={strings.themeToggle} title={strings.themeToggle} onClick={onClick}>
      <SunIcon className={styles.sun} />
      <MoonIcon className={styles.moon} />
    </button>
  );
}

import { useEffect } from 'react';
import { parsePreference, resolveTheme, THEME_STORAGE_KEY, type ResolvedTheme } from '../lib/theme.ts';

/** Sets the resolved theme on <html>, as the boot script does before first paint. */
export function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

function storedPreference() {
  try {
    return parsePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return parsePreference(null);
  }
}

/**
 * "Auto follows the system setting", also while the page is open (an OS switching to dark
 * at dusk). The preference is read at each change: the toggle may have stored one since.
 */
export function useSystemTheme(darkModeEnabled: boolean): void {
  useEffect(() => {
    if (!darkModeEnabled) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => {
      const preference = storedPreference();
      if (preference === 'auto') applyTheme(resolveTheme(preference, query.matches, true));
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [darkModeEnabled]);
}

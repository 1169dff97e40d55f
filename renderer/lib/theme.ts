/** Theme preference: light, dark or auto; any other stored value counts as auto. */
export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';

/** Same key as Rspress so a reader's choice carries over. */
export const THEME_STORAGE_KEY = 'rspress-theme-appearance';

export function parsePreference(value: string | null | undefined): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'auto';
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean, darkModeEnabled: boolean): ResolvedTheme {
  if (!darkModeEnabled) return 'light';
  if (preference === 'auto') return systemDark ? 'dark' : 'light';
  return preference;
}

/** The toggle flips what the reader sees, and stores it explicitly. */
export function toggledPreference(current: ResolvedTheme): ThemePreference {
  return current === 'dark' ? 'light' : 'dark';
}

/**
 * The inline script in <head> that runs before first paint: applies the theme (no flash) and the
 * `?navbar=0`-style switches as `data-hide` on <html> (CSS hides those parts until React, after
 * hydration, removes them). Kept tiny and dependency-free; the values are JSON-encoded.
 */
export function bootScript(darkModeEnabled: boolean): string {
  return `(()=>{try{var d=document.documentElement,k=${JSON.stringify(THEME_STORAGE_KEY)},p=null;try{p=localStorage.getItem(k)}catch(e){}p=p==="light"||p==="dark"?p:"auto";var t=${darkModeEnabled ? 'p==="auto"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p' : '"light"'};d.dataset.js="";d.dataset.theme=t;d.style.colorScheme=t;var q=new URLSearchParams(location.search),h=[];["navbar","sidebar","outline","footer","globalUIComponents"].forEach(function(n){if(q.get(n)==="0")h.push(n)});if(h.length)d.dataset.hide=h.join(" ")}catch(e){}})()`;
}

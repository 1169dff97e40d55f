import { createContext, useContext } from 'react';
import type { Lang } from '../../schemas/lang.ts';
import type { SiteShell } from '../../schemas/site.ts';
import type { UiStrings } from '../strings.ts';

type Locale = SiteShell['locales'][number];

export interface AppState {
  site: SiteShell;
  lang: Lang;
  locale: Locale;
  strings: UiStrings;
  /** Pathname of the current route as the router sees it. */
  pathname: string;
}

export const AppContext = createContext<AppState | null>(null);

export function makeAppState(site: SiteShell, lang: Lang, strings: UiStrings, pathname: string): AppState {
  const locale = site.locales.find((l) => l.lang === lang) ?? site.locales[0]!;
  return { site, lang, locale, strings, pathname };
}

export function useApp(): AppState {
  const state = useContext(AppContext);
  if (!state) throw new Error('useApp() outside <AppContext.Provider>');
  return state;
}

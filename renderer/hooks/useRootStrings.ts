import { useRouterState } from '@tanstack/react-router';
import { langOfRoute } from '../../schemas/paths.ts';
import { uiStrings, type UiStrings } from '../strings.ts';

/** Strings for components that live above the page (outside AppContext), by the URL's language. */
export function useRootStrings(): UiStrings {
  const lang = useRouterState({ select: (s) => langOfRoute(s.location.pathname) });
  return uiStrings[lang];
}

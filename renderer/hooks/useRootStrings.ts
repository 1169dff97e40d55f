import { useRouterState } from '@tanstack/react-router';
import { langOfRoute } from '../../schemas/paths.ts';
import type { UiStrings } from '../strings.ts';
import { usePartCache } from './usePartCache.ts';

/** Strings for components that live above the page (outside AppContext), by the URL's language. */
export function useRootStrings(): UiStrings {
  const lang = useRouterState({ select: (s) => langOfRoute(s.location.pathname) });
  return usePartCache().strings(lang);
}

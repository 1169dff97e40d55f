/**
 * The small surface the rest of the app (and renderer/search/) uses to talk to the shell.
 *
 * - `useLang()`        current page language ('en' | 'zh').
 * - `useStrings()`     the UI strings table entry of that language (renderer/strings.ts); search
 *                      may add its own strings table beside it rather than editing this one.
 * - `useSite()`        the validated SiteShell (themeConfig.search tells local vs algolia).
 * - `useAppNavigate()` `(url) => void`: in-app navigation to a route URL (origin stripped, hash
 *                      kept, progress bar and hash scroll included); use for search hits.
 * - `usePreload()`     `(url) => void`: preload a route's record (e.g. on hit hover).
 * - `DATA_BASE`        URL prefix of dist-data/ on the site (`/_data/`): `${DATA_BASE}search/en.json`.
 * - CSS tokens: custom properties in renderer/styles/tokens.css (`--c-bg`, `--c-text-1`,
 *   `--c-brand`, `--radius-*`, `--shadow-*`, `--z-modal`…), in `@layer tokens`; component CSS
 *   belongs in `@layer components` (order declared in renderer/styles/layers.css).
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Lang } from '../../schemas/lang.ts';
import type { SiteShell } from '../../schemas/site.ts';
import { useApp } from './app-context.tsx';
import type { UiStrings } from '../strings.ts';

export { DATA_BASE } from './data.ts';
export type { UiStrings } from '../strings.ts';

export function useLang(): Lang {
  return useApp().lang;
}

export function useStrings(): UiStrings {
  return useApp().strings;
}

export function useSite(): SiteShell {
  return useApp().site;
}

/** Strips the origin of an absolute URL on this site; other URLs are returned unchanged. */
export function toAppHref(url: string, origin: string): string {
  if (url.startsWith(origin)) return url.slice(origin.length) || '/';
  return url;
}

export function useAppNavigate(): (url: string) => void {
  const router = useRouter();
  return useCallback(
    (url: string) => {
      const href = toAppHref(url, window.location.origin);
      if (/^[a-z]+:/i.test(href)) {
        window.location.assign(href);
        return;
      }
      void router.navigate({ href } as never);
    },
    [router],
  );
}

export function usePreload(): (url: string) => void {
  const router = useRouter();
  return useCallback(
    (url: string) => {
      void router.preloadRoute({ href: toAppHref(url, window.location.origin) } as never).catch(() => undefined);
    },
    [router],
  );
}

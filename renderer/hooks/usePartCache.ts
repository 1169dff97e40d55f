import { useRouter } from '@tanstack/react-router';
import type { PartCache } from '../app/lazy-parts.ts';

/** The router's cache of lazy parts; `.get(name)` inside render, for parts the page has. */
export function usePartCache(): PartCache {
  return useRouter().options.context.parts;
}

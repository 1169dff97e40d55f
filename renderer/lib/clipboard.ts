import { fill } from '../strings.ts';

/** The prompt text when copying fails: Cmd on Mac, Ctrl elsewhere. */
export function copyFallbackText(template: string, platform: string): string {
  return fill(template, { key: /mac|iphone|ipad|ipod/i.test(platform) ? 'Cmd' : 'Ctrl' });
}

/** The copy button shows success for 2 s. */
export const COPY_SUCCESS_MS = 2000;

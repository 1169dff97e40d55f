/** Progress bar constants (nprogress-like). */
export const PROGRESS = { minimum: 0.08, speed: 200, trickleEvery: 800, trickleRate: 0.02, showDelay: 200 } as const;

/** One trickle step: grows by the rate, never reaching the end before the load is done. */
export function trickle(value: number): number {
  return Math.min(0.994, Math.max(PROGRESS.minimum, value) + PROGRESS.trickleRate);
}

/** Types of runtime/v8-flags.mjs (plain JavaScript: it runs before anything can compile TypeScript). */
/** V8 flags of the build commands. */
export const V8_FLAGS: string;
/** Sets V8_FLAGS in this process. */
export function tuneV8(): void;
/** V8's own tiering budget again, for a long run of hot code (compile or prerender workers). */
export function tuneV8ForLongRun(): void;
/** A full garbage collection of this thread's heap, now. */
export function collectGarbage(): void;

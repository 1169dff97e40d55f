/** Types of scripts/bundle-inputs.mjs (plain JavaScript: it runs before anything can compile TypeScript). */
/** A key for these files (relative to `projectDir`) as they are now: size and time of each. */
export function inputsKey(projectDir: string, inputs: readonly string[]): string;
/** Whether none of these files (relative to `projectDir`) was saved after `startedMs` (less the clock's slack). */
export function inputsSettled(projectDir: string, inputs: readonly string[], startedMs: number): boolean;

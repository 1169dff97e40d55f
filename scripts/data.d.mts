/** Types of scripts/data.mjs (plain JavaScript: it runs before anything can compile TypeScript). */
export function bundleOf(projectDir: string, entry: string, bundleDir: string, more?: { external?: string[]; loader?: Record<string, string> }): Promise<string>;
/** V8 flags of the build commands. */
export const V8_FLAGS: string;
/** Sets V8_FLAGS in this process. */
export function tuneV8(): void;

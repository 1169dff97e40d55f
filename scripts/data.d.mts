/** Types of scripts/data.mjs (plain JavaScript: it runs before anything can compile TypeScript). */
export function bundleOf(projectDir: string, entry: string, bundleDir: string, more?: { external?: string[]; loader?: Record<string, string> }): Promise<string>;

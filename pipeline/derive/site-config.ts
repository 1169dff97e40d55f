/**
 * content/site.json, parsed and checked against its schema: every problem placed at the key it
 * is about, so that a broken config reads like a broken page.
 */
import { SiteConfig } from '../../schemas/site.ts';
import { placeAtOffset, type Diagnostics } from '../diagnostics.ts';

export function parseSiteConfig(file: string, source: string, diagnostics: Diagnostics): SiteConfig | null {
  if (!source) {
    diagnostics.error(file, { line: 1, column: 1 }, 'content/site.json is missing', 'site-config');
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String(error))?.[1] ?? 0);
    diagnostics.error(file, placeAtOffset(source, offset), `Invalid JSON: ${(error as Error).message}`, 'site-config');
    return null;
  }
  const result = SiteConfig.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.at(-1);
    const offset = typeof key === 'string' ? source.indexOf(`"${key}"`) : -1;
    diagnostics.error(file, placeAtOffset(source, Math.max(offset, 0)), `Invalid site config at ${issue.path.join('.') || '(root)'}: ${issue.message}`, 'site-config');
  }
  return null;
}

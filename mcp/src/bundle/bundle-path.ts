/**
 * Paths of files inside a data bundle, as docs/data.md names them (`routes.json`,
 * `pages/en/guide/start/index.json`, `markdown/guide/start/quick-start.md`), and where each is
 * published on the site (docs/data.md, "URL layout of the published site").
 */
import { ToolError } from '../errors.ts';

/**
 * Refuses a path that could leave the bundle: absolute, with `.` or `..` segments, backslashes,
 * escapes (`%2e%2e` is decoded by some servers and file systems alike), control characters or a
 * scheme. Every path the server reads is built from routes.json, so this only ever fires on a bad
 * bundle or a bug; it is the last gate before the file system or the network.
 */
export function checkBundlePath(file: string): string {
  const segments = file.split('/');
  const bad =
    file === '' ||
    file.startsWith('/') ||
    /[\\%:\u0000-\u001f\u007f]/.test(file) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new ToolError(`Refused: "${file.slice(0, 200)}" is not a path inside the data bundle`);
  return file;
}

/** The site path a file of dist-data/ is published at: `/_data/<file>`, but twins beside their pages and a few files at the root. */
export function publishedPath(file: string): string {
  if (file.startsWith('markdown/')) return file.slice('markdown'.length);
  if (file.startsWith('feeds/')) return `/${file}`;
  if (file === 'sitemap.xml' || file === 'llms.txt' || file === 'llms-full.txt') return `/${file}`;
  return `/_data/${file}`;
}

/** The file of dist-data/ a page's markdown twin is, from its site URL (the record's `markdownTwin`, /guide/start/index.md). */
export function twinFile(markdownTwin: string): string {
  return `markdown${markdownTwin}`;
}

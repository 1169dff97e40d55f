import type { Lang } from '../../schemas/lang.ts';
import type { Diagnostics } from '../diagnostics.ts';

/** What the markdown transforms of one page need to know. */
export interface PageContext {
  /** Path of the page for messages, relative to the project root. */
  file: string;
  /** Path relative to the language folder, e.g. guide/start/index.md. */
  relPath: string;
  lang: Lang;
  /** The page source, for slicing text back out of nodes. */
  source: string;
  /** Shared fragments of the same language by relPath, for includes. */
  fragments: ReadonlyMap<string, string>;
  diagnostics: Diagnostics;
  /** Language prefix of this page's routes ('' or '/zh'). */
  prefix: string;
  cleanUrls: boolean;
  defaultWrapCode: boolean;
}

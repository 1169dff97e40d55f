import type { Lang } from '../../schemas/lang.ts';
import type { Diagnostics } from '../diagnostics.ts';

/** An image's intrinsic size in CSS pixels (an SVG's width and height, or its viewBox's). */
export interface ImageSize {
  width: number;
  height: number;
}

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
  /** Sizes of content/public's images by site path: an image of the page gets its width and height. */
  images?: ReadonlyMap<string, ImageSize>;
  diagnostics: Diagnostics;
  /** Language prefix of this page's routes ('' or '/zh'). */
  prefix: string;
  cleanUrls: boolean;
  defaultWrapCode: boolean;
}

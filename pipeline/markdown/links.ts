/**
 * Links and images: rewrite internal links for the page's language and clean URLs, mark
 * external links to open in a new tab, reject unsafe schemes, and collect every internal
 * target so that the check stage can resolve it once all pages are known.
 */
import path from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import type { Frontmatter } from '../../schemas/frontmatter.ts';
import type { Place } from '../diagnostics.ts';
import { placeAtOffset, placeOf } from '../diagnostics.ts';
import { routeOfFile } from '../routes.ts';
import { walk } from '../compile/walk.ts';
import type { PageContext } from './page-context.ts';

export interface LinkRef {
  /** Final route (language prefix included), or '' for an anchor on the same page. */
  route: string;
  anchor: string | null;
  /** What the author wrote, for messages. */
  written: string;
  place: Place;
  /** Public asset (image or file under content/public) rather than a page. */
  asset: boolean;
}

const EXTERNAL = /^(https?:|mailto:|tel:)/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function rewriteLinks(tree: Root, ctx: PageContext): LinkRef[] {
  const refs: LinkRef[] = [];
  walk(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'definition' && node.type !== 'image') return;
    const target = node as Link | Definition | Image;
    const written = target.url;
    if (EXTERNAL.test(written)) {
      if (node.type === 'image') {
        // Readers' browsers must not call third-party hosts: images are self-hosted.
        ctx.diagnostics.error(ctx.file, node, `External image ${written}: put the file in content/public and link it from there`, 'external-image');
        return;
      }
      if (node.type === 'link') target.data = { ...target.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      return;
    }
    if (SCHEME.test(written)) {
      ctx.diagnostics.error(ctx.file, node, `Link scheme not allowed: ${written.split(':')[0]}: (use http, https, mailto or tel)`, 'unsafe-link');
      target.url = '#';
      return;
    }
    const ref = resolveInternal(written, ctx, placeOf(node), node.type === 'image');
    refs.push(ref);
    target.url = ref.asset ? ref.route : `${ref.route}${ref.anchor ? `#${ref.anchor}` : ''}`;
    // Its intrinsic size: the browser keeps the image's room (CSS scales it) before it loads.
    const size = node.type === 'image' ? ctx.images?.get(ref.route) : undefined;
    if (size) target.data = { ...target.data, hProperties: { ...target.data?.hProperties, width: size.width, height: size.height } };
  });
  return refs;
}

/** `/guide/x#a` → `/zh/guide/x#a` on a zh page; `./quick-start.md` → the sibling's route. */
export function resolveInternal(written: string, ctx: Pick<PageContext, 'relPath' | 'prefix' | 'cleanUrls'>, place: Place, asset: boolean): LinkRef {
  const hashIndex = written.indexOf('#');
  const rawPath = hashIndex === -1 ? written : written.slice(0, hashIndex);
  const anchor = hashIndex === -1 ? null : decodeURIComponent(written.slice(hashIndex + 1)) || null;
  if (rawPath === '') return { route: '', anchor, written, place, asset: false };
  const pathPart = rawPath.split('?')[0] ?? '';
  let filePath: string;
  if (pathPart.startsWith('/')) filePath = pathPart.slice(1);
  else filePath = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.relPath), pathPart));
  const looksLikeAsset = asset || /\.(svg|png|jpe?g|gif|webp|avif|ico|txt|xml|json|pdf|zip)$/i.test(filePath);
  if (looksLikeAsset) return { route: `/${filePath}`, anchor, written, place, asset: true };
  let route: string;
  if (filePath.endsWith('.md') || filePath.endsWith('.html')) route = routeOfFile(filePath.replace(/\.html$/, '.md'));
  else route = `/${filePath}`.replace(/\/index$/, '/');
  if (pathPart.endsWith('/') && !route.endsWith('/')) route += '/';
  if (route === '/.') route = '/';
  if (!ctx.cleanUrls && route !== '/' && !route.endsWith('/')) route += '.html';
  return { route: `${ctx.prefix}${route}`, anchor, written, place, asset: false };
}

/**
 * Links in the home page's frontmatter (hero actions, feature cards) follow the same rules as
 * links in the body: language prefix added here, target checked with the others.
 */
export function rewriteFrontmatterLinks(frontmatter: Frontmatter, ctx: PageContext): LinkRef[] {
  const refs: LinkRef[] = [];
  const rewrite = (written: string): string => {
    if (EXTERNAL.test(written)) return written;
    const offset = ctx.source.indexOf(written);
    const ref = resolveInternal(written, ctx, placeAtOffset(ctx.source, Math.max(offset, 0)), false);
    refs.push(ref);
    return `${ref.route}${ref.anchor ? `#${ref.anchor}` : ''}`;
  };
  for (const action of frontmatter.hero?.actions ?? []) action.link = rewrite(action.link);
  for (const feature of frontmatter.features ?? []) if (feature.link) feature.link = rewrite(feature.link);
  return refs;
}

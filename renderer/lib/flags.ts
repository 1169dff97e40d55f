import type { Frontmatter } from '../../schemas/frontmatter.ts';
import type { PageType } from '../../schemas/lang.ts';

/** The parts of a page that frontmatter or the query string can switch off. */
export interface PageParts {
  navbar: boolean;
  sidebar: boolean;
  outline: boolean;
  footer: boolean;
  globalUIComponents: boolean;
}

export const QUERY_FLAGS = ['navbar', 'sidebar', 'outline', 'footer', 'globalUIComponents'] as const;

/** `?navbar=0` and friends: the names whose value is "0". */
export function hiddenByQuery(search: string): Set<string> {
  const params = new URLSearchParams(search);
  return new Set(QUERY_FLAGS.filter((name) => params.get(name) === '0'));
}

/** What to show: frontmatter and page type first, then the query's `=0` switches. */
export function visibleParts(frontmatter: Frontmatter, pageType: PageType, hidden: ReadonlySet<string>): PageParts {
  const doc = pageType === 'doc';
  return {
    navbar: frontmatter.navbar && pageType !== 'blank' && !hidden.has('navbar'),
    sidebar: doc && frontmatter.sidebar && !hidden.has('sidebar'),
    outline: doc && frontmatter.outline && !hidden.has('outline'),
    footer: doc && frontmatter.footer && !hidden.has('footer'),
    globalUIComponents: frontmatter.globalUIComponents && !hidden.has('globalUIComponents'),
  };
}

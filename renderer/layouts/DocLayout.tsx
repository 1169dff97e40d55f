import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { HastChild } from '../../schemas/hast.ts';
import type { PageRecord } from '../../schemas/page.ts';
import type { ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import { useApp } from '../app/app-context.tsx';
import { DocFooter } from '../components/DocFooter.tsx';
import { countTables, HastContent } from '../components/HastContent.tsx';
import { ChevronRightIcon, MenuIcon } from '../components/Icons.tsx';
import { Outline, OutlineList, useActiveHeading } from '../components/Outline.tsx';
import { PageMarkdown } from '../components/PageMarkdown.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { MAIN_ID } from '../components/SkipLink.tsx';
import { useDismiss } from '../hooks/useDismiss.ts';
import { usePartCache } from '../hooks/usePartCache.ts';
import { formatDate, isoDate } from '../lib/date.ts';
import type { PageParts } from '../lib/flags.ts';
import styles from './DocLayout.module.css';

/** Splits the leading h1 off the body so the blog date and overview can sit under the title. */
function splitTitle(children: HastChild[]): [HastChild[], HastChild[]] {
  const index = children.findIndex((c) => c.type === 'element');
  const first = children[index];
  if (first && first.type === 'element' && first.tagName === 'h1') return [children.slice(0, index + 1), children.slice(index + 1)];
  return [[], children];
}

/** A <summary>'s click, with JavaScript: React state opens and closes its <details>. */
function disclosure(open: boolean, setOpen: (open: boolean) => void) {
  return (event: React.MouseEvent) => {
    event.preventDefault();
    setOpen(!open);
  };
}

/** An overview page's grid goes where the body has `::overview` (an <overview> element), else last. */
function splitAtOverview(children: HastChild[]): [HastChild[], HastChild[]] {
  const index = children.findIndex((c) => c.type === 'element' && c.tagName === 'overview');
  return index < 0 ? [children, []] : [children.slice(0, index), children.slice(index + 1)];
}

function LocalOutline({ record }: { record: PageRecord }) {
  const { strings } = useApp();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const activeId = useActiveHeading(record.toc);
  useDismiss(ref, open, () => setOpen(false));
  useEffect(() => setOpen(false), [record.routePath]);
  return (
    <div ref={ref} className={styles.localOutline}>
      {/* A disclosure: the browser opens it without JavaScript; with it, React state does. */}
      <details open={open}>
        <summary className={styles.barButton} aria-expanded={open} aria-controls={id} onClick={disclosure(open, setOpen)}>
          {strings.outlineToggle}
          <ChevronRightIcon className={styles.barChevron} />
        </summary>
        <div id={id} className={styles.localPanel}>
          <OutlineList toc={record.toc} activeId={activeId} onNavigate={() => setOpen(false)} />
        </div>
      </details>
    </div>
  );
}

/** The doc layout: sidebar, body, outline, footer; a menu bar and a drawer on narrow screens. */
export function DocLayout({ record, sidebar, parts }: { record: PageRecord; sidebar: ResolvedSidebarItem[] | null; parts: PageParts }) {
  const { site, lang, strings } = useApp();
  const sidebarItems = parts.sidebar ? sidebar : null;
  const hasSidebar = Boolean(sidebarItems?.length);
  const hasOutline = parts.outline && site.themeConfig.outline && record.toc.length > 0;
  const [drawer, setDrawer] = useState(false);
  const sidebarId = useId();

  // The drawer closes on route change and locks the page's scrolling while open.
  useEffect(() => setDrawer(false), [record.routePath]);
  // A layout effect: the lock and the Escape listener are in place in the commit that opens it.
  useLayoutEffect(() => {
    if (!drawer) return;
    document.body.dataset.scrollLock = '';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(false);
    };
    const wide = window.matchMedia('(min-width: 960px)');
    const onWide = () => wide.matches && setDrawer(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      delete document.body.dataset.scrollLock;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [drawer]);

  const [title, rest] = splitTitle(record.body.children);
  const [beforeOverview, afterOverview] = splitAtOverview(rest);
  const lazyParts = usePartCache();
  const Overview = record.overview ? lazyParts.get('overview') : null;
  const zoom = parts.globalUIComponents;
  return (
    <div className={styles.doc} data-has-sidebar={hasSidebar || undefined} data-has-outline={hasOutline || undefined}>
      {(hasSidebar || hasOutline) && (
        <div className={styles.menuBar} data-part="menubar">
          {hasSidebar && (
            // Without JavaScript, the open disclosure shows the drawer through CSS (:has).
            <details className={styles.drawerToggle} open={drawer}>
              <summary className={`${styles.barButton} ${styles.drawerButton}`} aria-expanded={drawer} aria-controls={sidebarId} onClick={disclosure(drawer, setDrawer)}>
                <MenuIcon width={18} height={18} />
                {strings.sidebarToggle}
              </summary>
            </details>
          )}
          {hasOutline && <LocalOutline record={record} />}
        </div>
      )}
      {hasSidebar && (
        <>
          <aside className={styles.sidebar} data-part="sidebar" data-open={drawer || undefined} aria-label={strings.sidebarNav}>
            <Sidebar id={sidebarId} items={sidebarItems!} />
          </aside>
          {drawer && <div className={styles.backdrop} onClick={() => setDrawer(false)} data-testid="sidebar-backdrop" />}
        </>
      )}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <article className={styles.article}>
          <HastContent root={{ type: 'root', children: title }} zoom={zoom} />
          {record.frontmatter.date && (
            <p className={styles.date}>
              <time dateTime={isoDate(record.frontmatter.date)}>{formatDate(record.frontmatter.date, lang, strings.months)}</time>
            </p>
          )}
          {title.length > 0 && <PageMarkdown href={record.markdownTwin} />}
          <HastContent root={{ type: 'root', children: beforeOverview }} zoom={zoom} />
          {record.overview && Overview && <Overview groups={record.overview} depths={record.frontmatter.overviewHeaders} />}
          {afterOverview.length > 0 && <HastContent root={{ type: 'root', children: afterOverview }} zoom={zoom} firstTable={1 + countTables(beforeOverview)} />}
        </article>
        {parts.footer && <DocFooter record={record} />}
      </main>
      {hasOutline && (
        <aside className={styles.outline} data-part="outline" aria-labelledby="outline-title">
          <div className={styles.outlineSticky}>
            <Outline toc={record.toc} />
          </div>
        </aside>
      )}
    </div>
  );
}

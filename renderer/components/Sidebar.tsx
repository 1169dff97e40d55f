import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { ResolvedSidebarGroup, ResolvedSidebarItem } from '../../schemas/sidebar.ts';
import { useApp } from '../app/app-context.tsx';
import { samePath } from '../lib/links.ts';
import { groupContainsPath, initialGroupOpen, isUnloadedGroup, sidebarItemKind } from '../lib/sidebar.ts';
import { AppLink } from './AppLink.tsx';
import { ChevronRightIcon } from './Icons.tsx';
import styles from './Sidebar.module.css';
import { Tag } from './Tag.tsx';

/**
 * A group's items. In a large sidebar a group other than the page's own arrives without them
 * (`part`): they are loaded the first time the group is open.
 */
function useGroupItems(group: ResolvedSidebarGroup, open: boolean): ResolvedSidebarItem[] {
  const { data } = useRouter().options.context;
  const [loaded, setLoaded] = useState<{ part: string; items: ResolvedSidebarItem[] } | null>(null);
  const part = isUnloadedGroup(group) ? group.part : null;
  useEffect(() => {
    if (!open || !part || loaded?.part === part) return;
    let live = true;
    data.sidebar(part).then(
      (file) => live && setLoaded({ part, items: file.items }),
      // Left closed-looking (no items); opening it again tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, part, loaded, data]);
  if (!part) return group.items;
  return loaded?.part === part ? loaded.items : [];
}

function Group({ group, pathname, depth }: { group: ResolvedSidebarGroup; pathname: string; depth: number }) {
  const [open, setOpen] = useState(() => initialGroupOpen(group, pathname));
  const id = useId();
  const containsActive = groupContainsPath(group, pathname);
  const items = useGroupItems(group, open);
  // The group holding the active page opens when the reader navigates into it.
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive, pathname]);
  const title = group.link ? (
    <AppLink className={styles.groupLink} href={group.link} aria-current={samePath(group.link, pathname) ? 'page' : undefined}>
      {group.text}
      <Tag tag={group.tag} />
    </AppLink>
  ) : (
    <span className={styles.groupText}>
      {group.text}
      <Tag tag={group.tag} />
    </span>
  );
  return (
    <li className={styles.group} data-depth={depth}>
      <div className={styles.groupHead}>
        {group.collapsible ? (
          <button type="button" className={styles.groupToggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
            {group.link ? <span className="sr-only">{group.text}</span> : title}
            <ChevronRightIcon className={styles.chevron} />
          </button>
        ) : (
          title
        )}
        {group.collapsible && group.link && <span className={styles.groupLinkOverlay}>{title}</span>}
      </div>
      <div className={styles.collapse} data-open={open || undefined}>
        <ul id={id} className={styles.items} hidden={!open} aria-busy={open && items.length === 0 && isUnloadedGroup(group) ? true : undefined}>
          {items.map((item, i) => (
            <Item key={i} item={item} pathname={pathname} depth={depth + 1} />
          ))}
        </ul>
      </div>
    </li>
  );
}

function Item({ item, pathname, depth }: { item: ResolvedSidebarItem; pathname: string; depth: number }) {
  switch (sidebarItemKind(item)) {
    case 'divider':
      return <li className={styles.divider} data-type={(item as { dividerType: string }).dividerType} role="separator" />;
    case 'header': {
      const header = item as { sectionHeaderText: string; tag?: string };
      return (
        <li className={styles.sectionHeader}>
          {header.sectionHeaderText}
          <Tag tag={header.tag} />
        </li>
      );
    }
    case 'group':
      return <Group group={item as ResolvedSidebarGroup} pathname={pathname} depth={depth} />;
    default: {
      const link = item as { text: string; link: string; tag?: string; context?: string };
      const active = samePath(link.link, pathname);
      return (
        <li>
          <AppLink className={styles.link} href={link.link} aria-current={active ? 'page' : undefined} data-context={link.context}>
            <span>{link.text}</span>
            <Tag tag={link.tag} />
          </AppLink>
        </li>
      );
    }
  }
}

/** The section's groups, collapsible, starting expanded, the active page's group open. */
export function Sidebar({ items, id }: { items: ResolvedSidebarItem[]; id: string }) {
  const { pathname, strings } = useApp();
  const ref = useRef<HTMLElement>(null);
  // A page opened directly shows its own entry: the sidebar scrolls (itself, not the page) to it.
  useEffect(() => {
    const nav = ref.current;
    const link = nav?.querySelector('a[aria-current="page"]');
    const box = nav?.parentElement;
    if (!link || !box) return;
    const own = link.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    if (own.top < view.top || own.bottom > view.bottom) box.scrollTop += own.top - view.top - (view.height - own.height) / 2;
  }, []);
  return (
    <nav ref={ref} id={id} className={styles.sidebar} aria-label={strings.sidebarNav}>
      <ul className={styles.root}>
        {items.map((item, i) => (
          <Item key={i} item={item} pathname={pathname} depth={0} />
        ))}
      </ul>
    </nav>
  );
}

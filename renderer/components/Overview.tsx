import { useId, useState } from 'react';
import type { OverviewGroup } from '../../schemas/overview.ts';
import { useApp } from '../app/app-context.tsx';
import { filterOverview } from '../lib/overview.ts';
import { AppLink } from './AppLink.tsx';
import styles from './Overview.module.css';

/** Groups of pages with their headings and a filter box (matched as lib/overview.ts says). */
export function Overview({ groups, depths }: { groups: OverviewGroup[]; depths: number[] }) {
  const { strings } = useApp();
  const [query, setQuery] = useState('');
  const id = useId();
  const shown = filterOverview(groups, query);
  return (
    <section className={styles.overview}>
      <div className={styles.filter}>
        <label htmlFor={id} className={styles.label}>
          {strings.filterLabel}
        </label>
        <input id={id} type="search" className={styles.input} placeholder={strings.filterPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty} role="status">
          {strings.noMatch}: {query}
        </p>
      ) : (
        shown.map((group) => (
          <div key={group.name} className={styles.group}>
            <h2 className={styles.groupName}>{group.name}</h2>
            <div className={styles.grid}>
              {group.items.map((item) => (
                <div key={item.link} className={styles.card}>
                  <h3 className={styles.itemTitle}>
                    <AppLink href={item.link}>{item.title}</AppLink>
                  </h3>
                  {item.headers.filter((h) => depths.includes(h.depth)).length > 0 && (
                    <ul className={styles.headers}>
                      {item.headers
                        .filter((h) => depths.includes(h.depth))
                        .map((header) => (
                          <li key={header.id} data-depth={header.depth}>
                            <AppLink href={`${item.link}#${header.id}`}>{header.text}</AppLink>
                          </li>
                        ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

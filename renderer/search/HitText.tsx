/**
 * How a hit reads: its title and breadcrumb (DocSearch-style: its own heading over the headings
 * above it) with the query's words marked.
 */
import { Fragment } from 'react';
import { LEVELS, type Level, type Segment, type StoredHit } from './engine/types.ts';
import styles from './SearchModal.module.css';

export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  );
}

const plain = (text: string): Segment[] => [{ text, match: false }];

/** Title and breadcrumb of a hit, DocSearch-style: its own heading over the headings above it. */
export function hitParts(hit: StoredHit & { highlight?: Partial<Record<Level, Segment[]>>; snippet?: Segment[] | null }) {
  const seg = (lvl: Level) => hit.highlight?.[lvl] ?? plain(hit.hierarchy[lvl] ?? '');
  const present = LEVELS.slice(1).filter((l) => hit.hierarchy[l]);
  if (hit.type === 'content') {
    return { title: hit.snippet ?? plain(hit.content ?? ''), path: present.map(seg), snippet: null };
  }
  const own = hit.type;
  const above = present.filter((l) => LEVELS.indexOf(l) < LEVELS.indexOf(own));
  return { title: seg(own), path: above.map(seg), snippet: hit.snippet ?? null };
}

export function Path({ path }: { path: Segment[][] }) {
  if (!path.length) return null;
  return (
    <span className={styles.path}>
      {path.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true"> › </span>}
          <Highlighted segments={p} />
        </Fragment>
      ))}
    </span>
  );
}


import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useApp } from '../app/app-context.tsx';
import { notFoundHomeHref, notFoundRedirect } from '../lib/not-found.ts';
import { AppLink } from './AppLink.tsx';
import pill from '../styles/pill-button.module.css';
import styles from './NotFound.module.css';

/** The same words in every language, as the spec gives them (so not in the strings tables). */
const TEXT = { code: '404', title: 'PAGE NOT FOUND', takeMeHome: 'Take me home', goToHome: 'go to home' };

/**
 * Exactly: 404, PAGE NOT FOUND, "Take me home" (aria-label "go to home") to the root of
 * the reader's language; a path that starts with the site language's segment is redirected to
 * the same path without it. Each language has its own 404 file (404.html, zh/404.html), written
 * at its language's root: the link's language is the same there and at any URL it answers.
 */
export function NotFound() {
  const { site, pathname } = useApp();
  const router = useRouter();
  useEffect(() => {
    const target = notFoundRedirect(window.location.pathname, site.lang);
    if (target) void router.navigate({ href: target + window.location.search + window.location.hash, replace: true });
  }, [router, site.lang]);
  return (
    <div className={styles.page}>
      <p className={styles.code}>{TEXT.code}</p>
      <h1 className={styles.title}>{TEXT.title}</h1>
      <div className={styles.rule} />
      {/* Its accessible name holds the spec's label after the words it shows: a name without the
          visible text fails WCAG 2.5.3 (Label in Name, axe's label-content-name-mismatch), and a
          speech user says what they see. */}
      <AppLink className={`${pill.pillButton} ${styles.home}`} href={notFoundHomeHref(pathname, site.lang)} aria-label={`${TEXT.takeMeHome}, ${TEXT.goToHome}`}>
        {TEXT.takeMeHome}
      </AppLink>
    </div>
  );
}

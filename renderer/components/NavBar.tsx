import { useEffect, useId, useRef, useState } from 'react';
import type { NavItem } from '../../schemas/nav.ts';
import { useApp } from '../app/app-context.tsx';
import { useThrottledScroll } from '../hooks/useThrottledScroll.ts';
import { isNavItemActive, splitNavByPosition } from '../lib/nav.ts';
import { MOBILE_BREAKPOINT, shouldHideNavbar } from '../lib/navbar-hide.ts';
import { SearchButton } from '../search/SearchButton.tsx';
import { AppLink } from './AppLink.tsx';
import { CloseIcon, MenuIcon } from './Icons.tsx';
import { LanguageMenu, type Translation } from './LanguageMenu.tsx';
import styles from './NavBar.module.css';
import { NavMenu } from './NavMenu.tsx';
import { Tag } from './Tag.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { ToolMenu } from './ToolMenu.tsx';

/** Throttle of the navbar's scroll handler; landing nav transparent within 100 px. */
const SCROLL_THROTTLE = 200;
const TRANSPARENT_WITHIN = 100;

function NavEntry({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isNavItemActive(item, pathname);
  const tag = <Tag tag={item.tag} />;
  if (item.items?.length) {
    return (
      <NavMenu label={<>{item.text}{tag}</>} active={active}>
        {item.items.map((child) => (
          <AppLink key={child.text} href={child.link ?? '#'} aria-current={isNavItemActive(child, pathname) ? 'page' : undefined}>
            {child.text}
          </AppLink>
        ))}
      </NavMenu>
    );
  }
  return (
    <AppLink className={styles.item} href={item.link ?? '/'} data-active={active || undefined} aria-current={active ? 'true' : undefined}>
      {item.text}
      {tag}
    </AppLink>
  );
}

function Logo() {
  const { site, locale } = useApp();
  const title = locale.title ?? site.title;
  const logo = site.logo;
  const text = site.logoText ?? (logo ? undefined : title);
  return (
    <>
      {typeof logo === 'string' && <img className={styles.logo} src={logo} alt={text ? '' : title} width={32} height={32} />}
      {logo && typeof logo === 'object' && (
        <>
          <img className={`${styles.logo} ${styles.logoLight}`} src={logo.light} alt={text ? '' : title} width={32} height={32} />
          <img className={`${styles.logo} ${styles.logoDark}`} src={logo.dark} alt="" width={32} height={32} />
        </>
      )}
      {text && <span>{text}</span>}
    </>
  );
}

interface Props {
  translations: Translation[];
  /** Landing page: transparent while near the top. */
  landing?: boolean;
}

export function NavBar({ translations, landing = false }: Props) {
  const { site, locale, strings, pathname } = useApp();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [atTop, setAtTop] = useState(true);
  const panelId = useId();
  const mode = site.themeConfig.hideNavbar;

  // Closes on route change.
  useEffect(() => setMobileOpen(false), [pathname]);
  // ... and when the window reaches the desktop width.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = () => {
      if (query.matches) setMobileOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Where the window was at the last check; before the first, the top of the page, or for a
  // reader who arrived at a #section (the browser put them there), where they arrived: they have
  // not scrolled down and keep the bar.
  const lastY = useRef<number | null>(null);
  useThrottledScroll((y) => {
    setAtTop(y < TRANSPARENT_WITHIN);
    const bar = document.documentElement.clientWidth <= MOBILE_BREAKPOINT ? 56 : 72;
    setHidden(shouldHideNavbar(mode, lastY.current ?? (location.hash ? y : 0), y, bar));
    lastY.current = y;
  }, SCROLL_THROTTLE);

  const { left, right } = splitNavByPosition(locale.nav);
  const homeHref = `${locale.prefix}/`;
  return (
    <header className={styles.nav} data-part="navbar" data-hidden={(hidden && !mobileOpen) || undefined} data-transparent={(landing && atTop && !mobileOpen) || undefined}>
      <div className={styles.bar}>
        <div className={styles.start}>
          <ToolMenu />
          <span className={styles.divider} aria-hidden="true" />
          <AppLink className={styles.title} href={homeHref}>
            <Logo />
          </AppLink>
          {left.length > 0 && (
            <nav className={`${styles.links} ${styles.desktop}`} aria-label={strings.mainNav}>
              {left.map((item) => (
                <NavEntry key={item.text} item={item} pathname={pathname} />
              ))}
            </nav>
          )}
        </div>
        <div className={styles.end}>
          <SearchButton label={strings.search} />
          {right.length > 0 && (
            <nav className={`${styles.links} ${styles.desktop}`} aria-label={strings.mainNavEnd}>
              {right.map((item) => (
                <NavEntry key={item.text} item={item} pathname={pathname} />
              ))}
            </nav>
          )}
          <div className={styles.desktop}>
            <LanguageMenu translations={translations} />
          </div>
          <ThemeToggle />
          <div className={styles.desktop}>
            <SocialLinks links={site.themeConfig.socialLinks} />
          </div>
          {/* A disclosure: without JavaScript the browser opens it; with it, React state does. */}
          <details className={styles.burgerMenu} open={mobileOpen}>
            <summary
              className={styles.burger}
              aria-expanded={mobileOpen}
              aria-controls={panelId}
              aria-label={mobileOpen ? strings.closeMenu : strings.openMenu}
              onClick={(event) => {
                event.preventDefault();
                setMobileOpen(!mobileOpen);
              }}
            >
              {mobileOpen ? <CloseIcon /> : <MenuIcon />}
            </summary>
            <div id={panelId} className={styles.mobile} data-testid="mobile-menu">
              <nav aria-label={strings.mobileNav} className={styles.mobileLinks}>
                {locale.nav.map((item) =>
                  item.items?.length ? (
                    item.items.map((child) => (
                      <AppLink key={child.text} href={child.link ?? '/'}>
                        {child.text}
                      </AppLink>
                    ))
                  ) : (
                    <AppLink key={item.text} href={item.link ?? '/'} aria-current={isNavItemActive(item, pathname) ? 'true' : undefined}>
                      {item.text}
                    </AppLink>
                  ),
                )}
              </nav>
              <div className={styles.mobileLangs} role="group" aria-label={strings.language}>
                <LanguageMenu translations={translations} variant="list" />
              </div>
              <SocialLinks links={site.themeConfig.socialLinks} />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

import { useRouterState } from '@tanstack/react-router';
import type { Lang } from '../../schemas/lang.ts';
import { useApp } from '../app/app-context.tsx';
import { useHydrated } from '../hooks/useHydrated.ts';
import { AppLink } from './AppLink.tsx';
import { TranslateIcon } from './Icons.tsx';
import { NavMenu } from './NavMenu.tsx';

export interface Translation {
  lang: Lang;
  routePath: string;
}

/** Where each language's entry goes: the same page in that language, else that language's home. */
export function languageTargets(locales: { lang: Lang; label: string; prefix: string }[], translations: Translation[]) {
  return locales.map((locale) => ({
    lang: locale.lang,
    label: locale.label,
    href: translations.find((t) => t.lang === locale.lang)?.routePath ?? `${locale.prefix}/`,
  }));
}

/** Only when more than one language exists; keeps the current page. */
export function LanguageMenu({ translations, variant = 'menu' }: { translations: Translation[]; variant?: 'menu' | 'list' }) {
  const { site, lang, locale, strings } = useApp();
  // Headings keep their ids across languages: the twin opens at the same section. The hash exists
  // only in the browser, so it joins the links once hydrated (the prerendered HTML has none).
  const hash = useRouterState({ select: (state) => state.location.hash });
  const section = useHydrated() && hash ? `#${hash}` : '';
  if (site.locales.length < 2) return null;
  const targets = languageTargets(site.locales, translations);
  const links = targets.map((t) => (
    <AppLink key={t.lang} href={t.href + (t.href.includes('#') ? '' : section)} lang={t.lang === 'zh' ? 'zh-CN' : 'en'} hrefLang={t.lang === 'zh' ? 'zh-CN' : 'en'} aria-current={t.lang === lang ? 'true' : undefined}>
      {t.label}
    </AppLink>
  ));
  if (variant === 'list') return <>{links}</>;
  return (
    <NavMenu
      align="end"
      ariaLabel={`${strings.language}: ${locale.label}`}
      label={
        <>
          <TranslateIcon width={18} height={18} />
          <span>{locale.label}</span>
        </>
      }
    >
      {links}
    </NavMenu>
  );
}

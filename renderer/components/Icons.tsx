/**
 * Icons (decorative: aria-hidden; the control around them carries the name), drawn from one
 * sprite file, ./icons.svg. The sprite is a hashed asset the browser caches once for the site,
 * so no page's JavaScript carries path data; <use> keeps `currentColor`, so icons follow the
 * theme and the text colour around them, with or without JavaScript.
 */
import type { SVGProps } from 'react';
import sprite from './icons.svg?no-inline';

type P = SVGProps<SVGSVGElement>;

function icon(id: string, size: number) {
  return (props: P) => (
    <svg width={size} height={size} aria-hidden focusable="false" {...props}>
      <use href={`${sprite}#${id}`} />
    </svg>
  );
}

export const GithubIcon = icon('github', 20);
export const XIcon = icon('x', 20);
export const DiscordIcon = icon('discord', 20);
export const SunIcon = icon('sun', 20);
export const MoonIcon = icon('moon', 20);
export const MenuIcon = icon('menu', 20);
export const CloseIcon = icon('close', 20);
export const ChevronDownIcon = icon('chevron-down', 14);
export const ChevronRightIcon = icon('chevron-right', 14);
export const ArrowUpIcon = icon('arrow-up', 20);
export const GridIcon = icon('grid', 20);
export const CopyIcon = icon('copy', 16);
export const CheckIcon = icon('check', 16);
export const WrapIcon = icon('wrap', 16);
export const TranslateIcon = icon('translate', 20);
export const MoreIcon = icon('more', 20);
export const WarningIcon = icon('warning', 40);
export const SearchIcon = icon('search', 18);

import type { SocialLink } from '../../schemas/nav.ts';

/** The first five social links show inline, any beyond go to an overflow panel. */
export const INLINE_SOCIAL_LINKS = 5;

export function splitSocialLinks(links: SocialLink[], inline = INLINE_SOCIAL_LINKS): { inline: SocialLink[]; overflow: SocialLink[] } {
  return { inline: links.slice(0, inline), overflow: links.slice(inline) };
}

/** Accessible name of a social link: the built-in icon's brand name, or the host of its URL. */
export function socialLinkName(link: SocialLink): string {
  if (typeof link.icon === 'string') return { github: 'GitHub', x: 'X', discord: 'Discord' }[link.icon];
  try {
    return new URL(link.content).hostname;
  } catch {
    return link.content;
  }
}

import type { SocialLink } from '../../schemas/nav.ts';
import { useApp } from '../app/app-context.tsx';
import { useHoverMenu } from '../hooks/useHoverMenu.ts';
import { socialLinkName, splitSocialLinks } from '../lib/social.ts';
import { DiscordIcon, GithubIcon, MoreIcon, XIcon } from './Icons.tsx';
import iconButton from '../styles/icon-button.module.css';
import styles from './SocialLinks.module.css';

function SocialIcon({ link }: { link: SocialLink }) {
  if (typeof link.icon !== 'string') return <span className={styles.custom} aria-hidden="true" />;
  const Icon = { github: GithubIcon, x: XIcon, discord: DiscordIcon }[link.icon];
  return <Icon />;
}

function SocialItem({ link }: { link: SocialLink }) {
  const name = socialLinkName(link);
  if (link.mode === 'link') {
    return (
      <a className={iconButton.iconButton} href={link.content} target="_blank" rel="noopener noreferrer" aria-label={name} title={name}>
        <SocialIcon link={link} />
      </a>
    );
  }
  // text / img / dom modes show their content on hover; here as a labelled, focusable hint.
  return (
    <span className={iconButton.iconButton} tabIndex={0} role="img" aria-label={`${name}: ${link.content}`} title={link.content}>
      <SocialIcon link={link} />
    </span>
  );
}

/** The first five inline, the rest in a panel opened on hover (or focus/click). */
export function SocialLinks({ links }: { links: SocialLink[] }) {
  const { strings } = useApp();
  const { inline, overflow } = splitSocialLinks(links);
  const menu = useHoverMenu();
  return (
    <div className={styles.social}>
      {inline.map((link) => (
        <SocialItem key={link.content} link={link} />
      ))}
      {overflow.length > 0 && (
        <div className={styles.more} onMouseEnter={menu.show} onMouseLeave={menu.scheduleHide}>
          <button type="button" className={iconButton.iconButton} aria-label={strings.moreLinks} aria-expanded={menu.open} onClick={() => menu.setOpen(!menu.open)}>
            <MoreIcon />
          </button>
          <div className={styles.panel} hidden={!menu.open} data-testid="social-overflow">
            {overflow.map((link) => (
              <SocialItem key={link.content} link={link} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

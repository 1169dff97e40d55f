import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isExternalHref, isHashHref, shouldNavigateClientSide } from '../lib/links.ts';

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link of the app. External links open in a new tab; hash links are left to the browser;
 * internal links preload their record on hover/focus and navigate in-app on a plain left click
 * only (spec 2.7). The markup is a real <a href>, so everything works with JavaScript off.
 */
export function AppLink({ href, onClick, onMouseEnter, onFocus, onTouchStart, target, rel, ...rest }: AppLinkProps) {
  const router = useRouter();
  if (isExternalHref(href)) {
    return <a href={href} target={target ?? '_blank'} rel={rel ?? 'noopener noreferrer'} onClick={onClick} {...rest} />;
  }
  if (isHashHref(href)) return <a href={href} target={target} rel={rel} onClick={onClick} {...rest} />;

  const preload = () => {
    void router.preloadRoute({ href } as never).catch(() => undefined);
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!shouldNavigateClientSide(event, target)) return;
    event.preventDefault();
    void router.navigate({ href } as never);
  };
  return (
    <a
      href={href}
      target={target}
      rel={rel}
      onClick={handleClick}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
      {...rest}
    />
  );
}

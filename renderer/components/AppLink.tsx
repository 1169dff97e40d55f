import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isExternalHref, isHashHref, shouldNavigateClientSide } from '../lib/links.ts';

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * Every link of the app. External links open in a new tab; hash links are left to the browser;
 * internal links preload their record on hover/focus and navigate in-app on a plain left click
 * only. The markup is a real <a href>, so everything works with JavaScript off.
 */
export function AppLink({ href, onClick, onMouseEnter, onFocus, onTouchStart, onPointerDown, target, rel, ...rest }: AppLinkProps) {
  const router = useRouter();
  if (isExternalHref(href)) {
    return <a href={href} target={target ?? '_blank'} rel={rel ?? 'noopener noreferrer'} onClick={onClick} onPointerDown={onPointerDown} {...rest} />;
  }
  if (isHashHref(href)) return <a href={href} target={target} rel={rel} onClick={onClick} {...rest} />;

  const preload = () => {
    void router.preloadRoute({ href } as never).catch(() => undefined);
  };
  // Start the record's fetch at once (the router reaches its loader a few ms later, and the
  // loader then awaits this same request through the data source's cache).
  const prefetch = () => {
    void router.options.context.data.page(href).catch(() => undefined);
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!shouldNavigateClientSide(event, target)) return;
    event.preventDefault();
    prefetch();
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
      onPointerDown={(event) => {
        onPointerDown?.(event);
        if (event.button === 0) prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
      {...rest}
    />
  );
}

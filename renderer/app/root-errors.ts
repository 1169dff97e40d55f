import type { RootOptions } from 'react-dom/client';

/**
 * What React reports instead of throwing: a hydration mismatch (a recoverable error: React then
 * re-renders the tree on the client, and the reader sees a flash) and errors that escaped or were
 * caught by an error boundary. Each goes to the console with a prefix, so the browser tests, which
 * fail on any console error, fail on a mismatch too; the component stack says where it happened.
 */
export const ROOT_ERROR_HANDLERS: RootOptions = {
  onRecoverableError: (error, info) => console.error('[react] recoverable error:', error, info.componentStack ?? ''),
  onUncaughtError: (error, info) => console.error('[react] uncaught error:', error, info.componentStack ?? ''),
  onCaughtError: (error, info) => console.error('[react] caught error:', error, info.componentStack ?? ''),
};

/** True when the container holds prerendered elements (scripts of the embedded state aside). */
export function hasPrerenderedMarkup(container: Element): boolean {
  return [...container.children].some((child) => child.localName !== 'script');
}

/**
 * Dev only (loaded from entry-client behind `import.meta.hot`, so production builds drop it):
 * when the pipeline rebuilds, re-run the route loaders so the open page shows the new record in
 * place (no reload, scroll kept); when it reports content errors, show them in an overlay.
 */
import type { AppRouter } from '../app/router.tsx';

export interface DevDiagnostic {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
  rule: string;
}

const OVERLAY_ID = 'docs-dev-overlay';

export function connectLiveUpdate(router: AppRouter, hot: NonNullable<ImportMeta['hot']>): void {
  hot.on('docs:update', async (payload: { errors: DevDiagnostic[] }) => {
    await router.invalidate();
    renderOverlay(payload.errors);
  });
}

/** Built with DOM text nodes only: messages quote author input and never become HTML. */
export function renderOverlay(errors: readonly DevDiagnostic[]): void {
  document.getElementById(OVERLAY_ID)?.remove();
  if (errors.length === 0) return;
  const overlay = document.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Content errors');
  overlay.style.cssText =
    'position:fixed;inset:auto 16px 16px 16px;max-height:50vh;overflow:auto;z-index:2147483647;' +
    'background:#1b1b1f;color:#ffd7d5;border:2px solid #e5484d;border-radius:8px;padding:16px 20px;' +
    'font:13px/1.6 ui-monospace,SFMono-Regular,Menlo,monospace;box-shadow:0 8px 32px rgba(0,0,0,.4)';
  const title = document.createElement('strong');
  title.textContent = `${errors.length} content error${errors.length === 1 ? '' : 's'} — the page shows the last good data where it can`;
  title.style.cssText = 'display:block;color:#fff;margin-bottom:8px';
  overlay.append(title);
  for (const error of errors) {
    const line = document.createElement('div');
    line.className = 'docs-dev-error';
    line.textContent = `${error.file}:${error.line}:${error.column}  ${error.message}  [${error.rule}]`;
    overlay.append(line);
  }
  document.body.append(overlay);
}

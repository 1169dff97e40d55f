/** The install→add rule of package-manager tabs (docs/writing.md, "Directives"), as a pure function. */
export const PACKAGE_MANAGERS = ['npm', 'yarn', 'pnpm', 'bun'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/**
 * `install -D @rslib/core` → npm: `npm install -D @rslib/core`, others: `<pm> add -D @rslib/core`.
 * A bare `install` stays `install`; `create`, `run` and any other subcommand keep their name.
 */
export function commandFor(manager: PackageManager, npmCommand: string): string {
  const [sub = '', ...rest] = npmCommand.trim().split(/\s+/);
  const isInstallWithArgs = (sub === 'install' || sub === 'i') && rest.length > 0;
  const verb = manager !== 'npm' && isInstallWithArgs ? 'add' : sub;
  return [manager, verb, ...rest].filter(Boolean).join(' ');
}

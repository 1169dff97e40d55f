import { describe, expect, it } from 'vitest';
import { commandFor } from '../../../pipeline/markdown/package-manager.ts';

describe('package-manager commands (install → add)', () => {
  it('turns install with arguments into add for yarn, pnpm and bun', () => {
    expect(commandFor('npm', 'install -D @rslib/core')).toBe('npm install -D @rslib/core');
    expect(commandFor('yarn', 'install -D @rslib/core')).toBe('yarn add -D @rslib/core');
    expect(commandFor('pnpm', 'install react')).toBe('pnpm add react');
    expect(commandFor('bun', 'i react')).toBe('bun add react');
  });
  it('keeps a bare install', () => {
    expect(commandFor('yarn', 'install')).toBe('yarn install');
    expect(commandFor('bun', 'install')).toBe('bun install');
  });
  it('keeps create, run and other subcommands', () => {
    expect(commandFor('pnpm', 'create rslib@latest')).toBe('pnpm create rslib@latest');
    expect(commandFor('yarn', 'run build')).toBe('yarn run build');
    expect(commandFor('bun', 'run build -- --watch')).toBe('bun run build -- --watch');
  });
});

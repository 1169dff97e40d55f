import { describe, expect, it } from 'vitest';
import { lookUpName } from '../../../mcp/src/names/lookup.ts';
import { namesFixture } from '../names-fixture.ts';

const names = namesFixture().names;
const found = (asked: string) => lookUpName(names, asked).name;

describe('lookUpName', () => {
  it.each([
    ['lib.dts', 'lib.dts'],
    ['dts', 'lib.dts'],
    ['dts.bundle', 'dts.bundle'],
    ['lib.dts.bundle', 'dts.bundle'],
    ['format', 'lib.format'],
    ['LIB.FORMAT', 'lib.format'],
    ['output.target', 'output.target'],
    ['defineConfig', 'defineConfig'],
    ['defineconfig', 'defineConfig'],
    ['loadConfig', 'loadConfig'],
    ['rslib build', 'rslib build'],
    ['build --watch', 'rslib build --watch'],
    ['rslib  build   --watch', 'rslib build --watch'],
    ['--watch', 'rslib build --watch'],
    ['-w', 'rslib build --watch'],
    ['inspect --output', 'rslib inspect --output'],
    ['--output', 'rslib inspect --output'],
  ])('%s is %s', (asked, name) => {
    expect(found(asked)).toBe(name);
  });

  it('refuses a flag that several commands have, naming them', () => {
    expect(() => found('--lib')).toThrow(/names several things: rslib mf-dev --lib, rslib build --lib|names several things: rslib build --lib, rslib mf-dev --lib/);
  });

  it('answers an unknown name with the closest ones', () => {
    expect(() => found('lib.formt')).toThrow(/No documented option.*"lib\.formt"\. The closest: lib\.format/);
    expect(() => found('outputs.target')).toThrow(/The closest: output\.target/);
  });
});

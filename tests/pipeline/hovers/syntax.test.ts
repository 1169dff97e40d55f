import { describe, expect, it } from 'vitest';
import { calleesOf, configPath, importsOf, interfaceParts, isLocalValue, isReference, localValues, nameAt, namesOf, ownerOf, parseFile } from '../../../pipeline/hovers/syntax.ts';

const sample = `import { defineConfig, loadConfig as load, type LibConfig } from '@rslib/core';
const lib: LibConfig = { format: 'esm' };
export default defineConfig(({ envMode }) => ({
  lib: [{ dts: { bundle: true }, output }],
  output: { target: process.env.TARGET },
}));
void load({ source: { entry: {} } });
`;

describe('sample syntax', () => {
  const tree = parseFile(sample, 'sample.ts')!;
  const names = namesOf(tree);
  const named = (name: string, nth = 0) => names.filter((n) => n.name === name)[nth]!;

  it('finds every name once, in source order, at its 0-based line and column', () => {
    // Babel gives a shorthand property's key and value as two nodes at one place: one name.
    expect(names.filter((n) => n.name === 'output').map((n) => [n.line, n.column])).toEqual([[3, 33], [4, 2]]);
    expect(names.map((n) => n.node.start)).toEqual([...names.map((n) => n.node.start!)].sort((a, b) => a - b));
    expect(named('format')).toMatchObject({ line: 1, column: 25 });
  });

  it('places a key of a config given to defineConfig, and nothing else', () => {
    expect(configPath(named('bundle'))?.path).toEqual(['lib', 'dts', 'bundle']);
    // A lib item's top key is its own first key.
    expect(configPath(named('bundle'))?.top).toMatchObject({ name: 'dts', line: 3, column: 10, node: named('dts').node });
    expect(configPath(named('target'))).toMatchObject({ path: ['output', 'target'], top: { node: named('output', 1).node } });
    // Not given to defineConfig, a destructured parameter, not a key.
    expect(configPath(named('format'))).toBeNull();
    expect(configPath(named('entry'))).toBeNull();
    expect(configPath(named('envMode'))).toBeNull();
    expect(configPath(named('TARGET'))).toBeNull();
  });

  it('knows imports by local name and which names are uses of a binding', () => {
    expect(Object.fromEntries(importsOf(tree))).toEqual({
      defineConfig: { from: '@rslib/core', name: 'defineConfig' },
      load: { from: '@rslib/core', name: 'loadConfig' },
      LibConfig: { from: '@rslib/core', name: 'LibConfig' },
    });
    expect(isReference(named('load', 1))).toBe(true);
    expect(isReference(named('defineConfig', 1))).toBe(true);
    expect(isReference(named('env'))).toBe(false);
    expect(isReference(named('format'))).toBe(false);
  });

  it("reads a declaration file's members, owners and bases", () => {
    const dts = parseFile(`export interface LibConfig extends Base, ns.Other<string> {\n  format?: 'esm';\n  build(): void;\n}\nexport type RslibInstance = { build(): void };\n`, 'config.d.ts')!;
    const all = namesOf(dts);
    const format = all.find((n) => n.name === 'format')!;
    expect(ownerOf(format)?.name).toBe('LibConfig');
    expect(ownerOf(all.filter((n) => n.name === 'build')[1]!)?.name).toBe('RslibInstance');
    const parts = interfaceParts(ownerOf(format)!.node);
    expect([...parts.members]).toEqual([['format', { line: 1, column: 2 }], ['build', { line: 2, column: 2 }]]);
    expect(parts.bases.map((b) => [b.name, b.line, b.column])).toEqual([['Base', 0, 35], ['Other', 0, 44]]);
    expect(parseFile('const = ;', 'broken.js')).toBeNull();
  });

  it('finds the name at a place as the list of names has it, with the same nodes around it', () => {
    for (const name of names) {
      const found = nameAt(tree, name.line, name.column);
      expect(found?.node).toBe(name.node);
      expect(found?.ancestors).toEqual(name.ancestors);
    }
    // The shorthand `output` of line 4: its key, as namesOf keeps it.
    expect(nameAt(tree, 3, 33)?.node).toBe(named('output').node);
    // Inside a name, or where there is none.
    expect(nameAt(tree, 0, 10)).toBeUndefined();
    expect(nameAt(tree, 2, 0)).toBeUndefined();
    expect(nameAt(tree, 40, 0)).toBeUndefined();
  });

  it('lists the calls that pass a callback with an untyped parameter, and only those', () => {
    const calls = parseFile(
      `import { defineConfig } from '@rslib/core';
export default defineConfig({ tools: { rspack(config) { return config; } } });
[1].map((n) => n + 1).filter((n: number) => n > 1);
list.forEach(function (item) {});
run(() => 1);
void load({ source: {} });
`,
      'calls.ts',
    )!;
    expect(calleesOf(namesOf(calls)).map((n) => [n.name, n.line])).toEqual([['defineConfig', 1], ['map', 2], ['forEach', 3]]);
  });

  it("knows the values a module declares itself, where they are used as values", () => {
    const code = [
      "import { defineConfig } from '@rslib/core';",
      "const { join } = require('node:path');",
      'const shared = { format: "esm" };',
      'export function part(options: Options) { return options; }',
      'class Builder {}',
      'interface Options { shared?: boolean }',
      'declare const ambient: string;',
      'export default defineConfig({ lib: [shared], plugins: [part(new Builder())] });',
      'let typed: Builder;',
    ].join('\n');
    const module = parseFile(code, 'module.ts')!;
    const locals = localValues(module);
    // Not the import, the alias of a require (declared where the module is), an ambient value or a type.
    expect([...locals].sort()).toEqual(['Builder', 'part', 'shared', 'typed']);
    const all = namesOf(module);
    const at = (name: string, line: number) => all.find((n) => n.name === name && n.line === line)!;
    expect(isLocalValue(at('shared', 2), locals)).toBe(true); // where it is declared
    expect(isLocalValue(at('shared', 7), locals)).toBe(true); // where it is used
    expect(isLocalValue(at('part', 7), locals)).toBe(true);
    expect(isLocalValue(at('Builder', 7), locals)).toBe(true);
    // A key named like a value, and a name in a type, are not the value.
    expect(isLocalValue(at('shared', 5), locals)).toBe(false);
    expect(isLocalValue(at('Builder', 8), locals)).toBe(false);
    expect(isLocalValue(at('defineConfig', 7), locals)).toBe(false);
    // A script's top-level names are global: they may merge with other files' declarations.
    expect(localValues(parseFile('const shared = 1;\nfunction part() {}\n', 'script.ts')!).size).toBe(0);
  });

  it('knows the values a function of the sample declares, in its scope alone', () => {
    const code = [
      'export default defineConfig({ tools: { rspack: (config, { addRules }, [first, ...rest] = [], fallback = 1) => {',
      '  const rule = addRules(config);',
      "  const alias = require('pkg');",
      '  for (const item of rest) { let inner = item; }',
      '  try { first(rule, alias, fallback); } catch (error) { throw error; }',
      '  if (config) { var late = 1; function nested() {} }',
      '  return [late, nested, inner, process];',
      '} } });',
      'if (true) { var loose = 1; function looseFn() {} let scoped = 2; scoped; }',
      'loose; looseFn;',
      'function typed(value: Options): Options { let Options = value; return Options; }',
      'const wrap = (config) => ({ config: other }) => [config, other];',
    ].join('\n');
    const all = namesOf(parseFile(code, 'script.ts')!);
    const local = (name: string, line: number, nth = 0) => isLocalValue(all.filter((n) => n.name === name && n.line === line)[nth]!, new Set());
    // Parameters (plain, in an array pattern, a rest, a default), where declared and where used.
    for (const [name, line] of [['config', 0], ['first', 0], ['rest', 0], ['fallback', 0], ['config', 1], ['first', 4], ['rest', 3], ['fallback', 4]] as const) expect(local(name, line), `${name}:${line}`).toBe(true);
    // Block variables, a loop's, a catch clause's, a `var` and a function of the function's body where they are.
    for (const [name, line] of [['rule', 1], ['rule', 4], ['item', 3], ['inner', 3], ['error', 4], ['late', 5], ['nested', 5]] as const) expect(local(name, line), `${name}:${line}`).toBe(true);
    // Not: a name an object pattern binds (TypeScript goes to the property), a require's alias, a
    // `var` or a function used outside the block that declares it, a global, a block's `var` and
    // function outside any function (a script's are global), a name in a type.
    for (const [name, line] of [['addRules', 0], ['addRules', 1], ['alias', 2], ['alias', 4], ['late', 6], ['nested', 6], ['inner', 6], ['process', 6], ['loose', 8], ['looseFn', 8], ['loose', 9], ['looseFn', 9]] as const) expect(local(name, line), `${name}:${line}`).toBe(false);
    expect(local('scoped', 8, 0)).toBe(true);
    expect(local('scoped', 8, 1)).toBe(true);
    expect([0, 1, 2, 3].map((nth) => local('Options', 10, nth))).toEqual([false, false, true, true]);
    // An object pattern's binding hides the same name further out.
    expect([local('config', 11), local('other', 11, 0), local('config', 11, 2), local('other', 11, 1)]).toEqual([true, false, true, false]);
  });
});

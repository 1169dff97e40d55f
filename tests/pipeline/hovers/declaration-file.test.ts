import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeclarationFile, statementStarts } from '../../../pipeline/hovers/declaration-file.ts';
import { interfaceParts, nameAt, namesOf, ownerOf, parseFile, type NameNode } from '../../../pipeline/hovers/syntax.ts';

const modulesDir = path.resolve(import.meta.dirname, '../../../node_modules');
const lineOffsets = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];
const startsOf = (text: string) => statementStarts(text, lineOffsets(text));

/** What the hovers read of a name found in a declaration file: where it is, what declares it, and that owner's members and bases. */
function reading(found: NameNode | undefined) {
  if (!found) return null;
  const owner = ownerOf(found);
  const parts = owner && interfaceParts(owner.node);
  return {
    at: [found.name, found.line, found.column, found.ancestors.at(-1)?.type],
    owner: owner?.name,
    members: parts && [...parts.members],
    bases: parts?.bases.map((base) => [base.name, base.line, base.column]),
  };
}

describe('a declaration file read one statement at a time', () => {
  it('starts a statement on a line that begins with a declaration after one ended, outside brackets, comments, strings and templates', () => {
    const text = [
      '/// <reference types="node" />', // 0
      'export interface A extends B {', // 1
      "  key: '{';", // 2
      '  /* } */ other: `${{ a: 1 }[`a`]}`;', // 3
      '}', // 4
      '/**', // 5
      ' * export interface NotHere {}', // 6
      ' */', // 7
      'export type C = {', // 8
      '  c: string;', // 9
      '}', // 10
      '| D;', // 11
      'declare module "m" {', // 12
      'export const inner: 1;', // 13
      '}', // 14
      'type E = `x${string}', // 15
      'export type NotEither`;', // 16
      "declare const s: 'unclosed", // 17
      'declare function f(): void;', // 18: the string before it did not end a statement
    ].join('\n');
    expect(startsOf(text)).toEqual([0, 1, 8, 12, 15, 17]);
    // Lines it counted otherwise than the file has (a string continued over a line end): one statement, the file.
    expect(startsOf("declare const s: 'a\\\nb';\nexport type T = 1;\n")).toEqual([0]);
  });

  it('finds every name of real declaration files as their whole trees have it, with its owner, members and bases', () => {
    const files = ['@rslib/core/dist-types/types/config.d.ts', '@rsbuild/core/dist/types/config.d.ts', '@types/react/index.d.ts'].map((name) => path.join(modulesDir, name));
    let compared = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const whole = parseFile(text, file)!;
      const statements = new DeclarationFile(text, file);
      for (const name of namesOf(whole)) {
        expect(reading(statements.nameAt(name.line, name.column)), `${file}:${name.line + 1}:${name.column + 1}`).toEqual(reading(nameAt(whole, name.line, name.column)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('parses only the statement asked about, and the whole file when that statement cannot be parsed alone', () => {
    const file = new DeclarationFile('export interface A {\n  a: string;\n}\nexport const = ;\n', 'broken.d.ts');
    // Babel gives up on the whole file: its second statement cannot be parsed.
    expect(parseFile('export interface A {\n  a: string;\n}\nexport const = ;\n', 'broken.d.ts')).toBeNull();
    expect(reading(file.nameAt(1, 2))).toMatchObject({ at: ['a', 1, 2, 'TSPropertySignature'], owner: 'A' });
    expect(file.nameAt(3, 13)).toBeUndefined();
    // An export of a name another statement declares is no error.
    expect(reading(new DeclarationFile('interface A {\n  a: 1;\n}\nexport type { A };\n', 'x.d.ts').nameAt(3, 14))).toMatchObject({ at: ['A', 3, 14, 'ExportSpecifier'] });
  });
});

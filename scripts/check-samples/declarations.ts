/**
 * What a package's type declarations (`.d.ts`) offer, read with a real parser (Babel's TypeScript
 * syntax in its `dts` mode: TypeScript 7 has no compiler API): the names its entry exports, and the
 * members of a type, with `extends`, intersections, `Pick`, `Omit` and re-exports across files and
 * packages followed, and each name's place where it is declared (`file:line:col`).
 *
 * It reads declarations as a reader would, not as a type checker: what it cannot follow (a
 * conditional or mapped type where members are wanted) is an error naming its place, so a new
 * construct in a package's types stops the check instead of hiding members.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, types as t } from '@babel/core';

export interface DeclaredPlace {
  /** Absolute path of the declaration file. */
  file: string;
  line: number;
  column: number;
}

export interface ExportedName extends DeclaredPlace {
  name: string;
  /** `type` for a type, an interface or a type-only export (`export type * as Rsbuild`); `value` otherwise. */
  kind: 'value' | 'type';
}

export interface Member extends DeclaredPlace {
  name: string;
  /** Folder of the package that declares it (the nearest package.json above its file). */
  packageDir: string;
  /** Folders of the packages of every declaration of this name along the type's bases, nearest first. */
  declaredBy: string[];
}

/** A declaration the reader could not follow, with its place. */
export class DeclarationError extends Error {
  constructor(
    readonly place: DeclaredPlace,
    message: string,
  ) {
    super(message);
  }
}

type Statement = t.Statement;
/** A named thing found in a file: its node (null for a namespace re-export) and where it is. */
interface Found extends DeclaredPlace {
  node: t.Node | null;
}

const UTILITY_PASS_THROUGH = new Set(['Partial', 'Required', 'Readonly', 'NonNullable']);

/** Reads declaration files, each parsed once. */
export class DeclarationReader {
  private readonly programs = new Map<string, Statement[]>();

  private statements(file: string): Statement[] {
    let program = this.programs.get(file);
    if (!program) {
      const ast = parseSync(readFileSync(file, 'utf8'), {
        filename: file,
        babelrc: false,
        configFile: false,
        // Babel resolves the plugin from here: it comes with @babel/preset-typescript.
        cwd: import.meta.dirname,
        plugins: [['@babel/plugin-syntax-typescript', { dts: true }]],
      });
      program = ast!.program.body;
      this.programs.set(file, program);
    }
    return program;
  }

  /** Every name `file` exports, `export * from` followed, each with the place that declares it. */
  exportsOf(file: string): ExportedName[] {
    const found: ExportedName[] = [];
    for (const statement of this.statements(file)) {
      if (t.isExportNamedDeclaration(statement)) {
        const typeOnly = statement.exportKind === 'type' && !statement.declaration;
        if (statement.declaration) {
          for (const [name, node] of declaredNames(statement.declaration)) {
            // `export declare const version` reads as a type-only export to Babel: the declaration says what it is.
            found.push({ name, kind: isTypeDeclaration(node) ? 'type' : 'value', ...placeOf(file, node) });
          }
        }
        for (const specifier of statement.specifiers) {
          const name = nameOf(specifier.exported);
          const kind = typeOnly || (t.isExportSpecifier(specifier) && specifier.exportKind === 'type') ? 'type' : 'value';
          const place = this.findExport(file, name) ?? { ...placeOf(file, specifier), node: null };
          found.push({ name, kind, file: place.file, line: place.line, column: place.column });
        }
      } else if (t.isExportAllDeclaration(statement)) {
        const target = this.resolve(file, statement.source.value, statement);
        const typeOnly = statement.exportKind === 'type';
        for (const name of this.exportsOf(target)) found.push(typeOnly ? { ...name, kind: 'type' } : name);
      }
    }
    return found;
  }

  /** The declaration `file` exports as `name`, re-exports and imports followed; null if it exports no such name. */
  findExport(file: string, name: string): Found | null {
    for (const statement of this.statements(file)) {
      if (t.isExportNamedDeclaration(statement)) {
        if (statement.declaration) {
          const node = declaredNames(statement.declaration).find(([declared]) => declared === name)?.[1];
          if (node) return { node, ...placeOf(file, node) };
        }
        for (const specifier of statement.specifiers) {
          if (nameOf(specifier.exported) !== name) continue;
          // `export * as rsbuild from '@rsbuild/core'`: the namespace is declared right here.
          if (!t.isExportSpecifier(specifier)) return { node: null, ...placeOf(file, specifier) };
          const local = nameOf(specifier.local);
          const further = statement.source ? this.findExport(this.resolve(file, statement.source.value, statement), local) : this.findLocal(file, local);
          return further ?? { node: null, ...placeOf(file, specifier) };
        }
      } else if (t.isExportAllDeclaration(statement)) {
        const further = this.findExport(this.resolve(file, statement.source.value, statement), name);
        if (further) return further;
      }
    }
    return null;
  }

  /** A name declared or imported at the top level of `file`, followed to its declaration. */
  findLocal(file: string, name: string): Found | null {
    for (const statement of this.statements(file)) {
      const declaration = t.isExportNamedDeclaration(statement) ? statement.declaration : statement;
      if (declaration) {
        const node = declaredNames(declaration).find(([declared]) => declared === name)?.[1];
        if (node) return { node, ...placeOf(file, node) };
      }
      if (t.isImportDeclaration(statement)) {
        for (const specifier of statement.specifiers) {
          if (specifier.local.name !== name) continue;
          if (!t.isImportSpecifier(specifier)) return { node: null, ...placeOf(file, specifier) };
          return this.findExport(this.resolve(file, statement.source.value, statement), nameOf(specifier.imported)) ?? { node: null, ...placeOf(file, specifier) };
        }
      }
    }
    return null;
  }

  /** The members (properties and methods) of the type `name` that `file` exports or declares, bases included. */
  membersOf(file: string, name: string): Member[] {
    const found = this.findExport(file, name) ?? this.findLocal(file, name);
    if (!found?.node) throw new DeclarationError({ file, line: 1, column: 1 }, `\`${name}\` is not a type declared in or exported from this file`);
    return this.membersOfDeclaration(found.file, found.node);
  }

  private membersOfDeclaration(file: string, node: t.Node): Member[] {
    if (t.isTSInterfaceDeclaration(node)) {
      const own = this.ownMembers(file, node.body.body);
      const bases = (node.extends ?? []).map((base) => {
        if (!t.isIdentifier(base.expression)) throw new DeclarationError(placeOf(file, base), 'An interface extends a qualified name, which this reader does not follow');
        return this.membersOfReference(file, base.expression.name, base.typeParameters?.params ?? [], base);
      });
      return merge([own, ...bases]);
    }
    if (t.isTSTypeAliasDeclaration(node)) return this.membersOfType(file, node.typeAnnotation);
    throw new DeclarationError(placeOf(file, node), `A ${node.type} has no members to read`);
  }

  private membersOfType(file: string, node: t.TSType): Member[] {
    if (t.isTSTypeLiteral(node)) return this.ownMembers(file, node.members);
    if (t.isTSIntersectionType(node)) return merge(node.types.map((part) => this.membersOfType(file, part)));
    if (t.isTSParenthesizedType(node)) return this.membersOfType(file, node.typeAnnotation);
    if (t.isTSTypeReference(node) && t.isIdentifier(node.typeName)) return this.membersOfReference(file, node.typeName.name, node.typeParameters?.params ?? [], node);
    throw new DeclarationError(placeOf(file, node), `A ${node.type} where members were expected, which this reader does not follow`);
  }

  private membersOfReference(file: string, name: string, params: t.TSType[], at: t.Node): Member[] {
    const [target, keys] = params;
    if ((name === 'Pick' || name === 'Omit') && target && keys) {
      const named = new Set(this.keysOf(file, keys));
      return this.membersOfType(file, target).filter((member) => named.has(member.name) === (name === 'Pick'));
    }
    if (UTILITY_PASS_THROUGH.has(name) && target) return this.membersOfType(file, target);
    const found = this.findLocal(file, name);
    if (!found?.node) throw new DeclarationError(placeOf(file, at), `\`${name}\` is neither declared in this file nor imported into it`);
    return this.membersOfDeclaration(found.file, found.node);
  }

  /** The names a key type lists: `'a' | 'b'`, or `keyof T`. */
  private keysOf(file: string, node: t.TSType): string[] {
    if (t.isTSLiteralType(node) && t.isStringLiteral(node.literal)) return [node.literal.value];
    if (t.isTSUnionType(node)) return node.types.flatMap((part) => this.keysOf(file, part));
    if (t.isTSTypeOperator(node) && node.operator === 'keyof') return this.membersOfType(file, node.typeAnnotation).map((member) => member.name);
    throw new DeclarationError(placeOf(file, node), `A ${node.type} where a list of keys was expected, which this reader does not follow`);
  }

  private ownMembers(file: string, members: t.TSTypeElement[]): Member[] {
    const packageDir = packageDirOf(file);
    const found: Member[] = [];
    for (const member of members) {
      if (!t.isTSPropertySignature(member) && !t.isTSMethodSignature(member)) continue;
      // `_privateMeta` and the like: marked `@private` in their doc comment, not for readers.
      if (member.leadingComments?.some((comment) => /@private\b/.test(comment.value))) continue;
      const key = member.key;
      const name = t.isIdentifier(key) ? key.name : t.isStringLiteral(key) ? key.value : null;
      if (name === null || member.computed) throw new DeclarationError(placeOf(file, member), 'A computed member name, which this reader does not follow');
      found.push({ name, ...placeOf(file, member), packageDir, declaredBy: [packageDir] });
    }
    return found;
  }

  /** The declaration file a module specifier names, as TypeScript would find it from `from`. */
  resolve(from: string, specifier: string, at: t.Node): string {
    const target = specifier.startsWith('.') ? resolveRelative(path.resolve(path.dirname(from), specifier)) : resolvePackage(from, specifier);
    if (!target) throw new DeclarationError(placeOf(from, at), `Cannot find the declarations of '${specifier}'`);
    return target;
  }
}

/** Members of several bases as one list: the first place a name is declared wins, every package that declares it is kept. */
function merge(lists: Member[][]): Member[] {
  const byName = new Map<string, Member>();
  for (const member of lists.flat()) {
    const known = byName.get(member.name);
    if (known) known.declaredBy.push(...member.declaredBy.filter((dir) => !known.declaredBy.includes(dir)));
    else byName.set(member.name, { ...member, declaredBy: [...member.declaredBy] });
  }
  return [...byName.values()];
}

function nameOf(node: t.Identifier | t.StringLiteral): string {
  return t.isIdentifier(node) ? node.name : node.value;
}

function isTypeDeclaration(node: t.Node): boolean {
  return t.isTSTypeAliasDeclaration(node) || t.isTSInterfaceDeclaration(node);
}

/** The names a top-level declaration introduces, each with its node. */
function declaredNames(node: t.Node): Array<[string, t.Node]> {
  if (t.isTSTypeAliasDeclaration(node) || t.isTSInterfaceDeclaration(node) || t.isTSEnumDeclaration(node) || t.isClassDeclaration(node)) return node.id ? [[node.id.name, node]] : [];
  if (t.isTSDeclareFunction(node) || t.isFunctionDeclaration(node)) return node.id ? [[node.id.name, node]] : [];
  if (t.isVariableDeclaration(node)) return node.declarations.flatMap((d) => (t.isIdentifier(d.id) ? [[d.id.name, d] as [string, t.Node]] : []));
  if (t.isTSModuleDeclaration(node) && t.isIdentifier(node.id)) return [[node.id.name, node]];
  return [];
}

function placeOf(file: string, node: t.Node): DeclaredPlace {
  return { file, line: node.loc?.start.line ?? 1, column: (node.loc?.start.column ?? 0) + 1 };
}

function resolveRelative(base: string): string | null {
  const candidates = [base.replace(/\.(m|c)?js$/, '.d.$1ts'), `${base}.d.ts`, path.join(base, 'index.d.ts'), base];
  return candidates.find((file) => file.endsWith('.ts') && existsSync(file)) ?? null;
}

/** `@rsbuild/core` (or `pkg/sub`) from `from`: the nearest node_modules that holds it, then its `types`. */
function resolvePackage(from: string, specifier: string): string | null {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const subpath = `.${specifier.slice(name.length)}`;
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const packageDir = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(packageDir, 'package.json'))) {
      const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: Record<string, unknown> };
      const entry = manifest.exports?.[subpath];
      const types = typeof entry === 'object' && entry !== null ? (entry as { types?: unknown }).types : undefined;
      const file = typeof types === 'string' ? types : subpath === '.' ? (manifest.types ?? manifest.typings) : undefined;
      return file ? resolveRelative(path.join(packageDir, file)) : resolveRelative(path.join(packageDir, subpath));
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The folder of the nearest package.json above a file. */
export function packageDirOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

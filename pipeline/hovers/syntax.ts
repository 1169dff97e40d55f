/**
 * What the hovers need to know of a file's syntax alone, read with Babel's parser: the names of
 * a sample (each with the nodes around it), where a key sits in a config, what a sample imports,
 * and, in a declaration file, the member or interface declared at a place. TypeScript's language
 * server answers what needs types (hovers/language-server.ts); it has no syntax tree to give.
 */
import type * as BabelParser from '@babel/parser';
import type { ParserPlugin } from '@babel/parser';
import type { Node, Statement } from '@babel/types';
import { createRequire } from 'node:module';
import { isDeclarationFile, isPackageSpecifier } from './sample.ts';

// Loaded when first needed (Node keeps it once loaded): only a run with samples to ask about parses them.
const requireHere = createRequire(import.meta.url);

/** A name in a file, with its ancestors (outermost first); line and column 0-based. */
export interface NameNode {
  name: string;
  line: number;
  column: number;
  node: Node;
  ancestors: readonly Node[];
}

/** The syntax tree of a file (by its name: TypeScript or JavaScript, declarations, JSX), or null when it cannot be parsed (the language server reports why). */
export function parseFile(text: string, file: string): Node | null {
  return parseSource(text, file)?.tree ?? null;
}

/** parseFile's tree, and whether Babel read the file without recovering from an error (as parseStatements requires). */
export function parseSource(text: string, file: string): { tree: Node; clean: boolean } | null {
  const result = parsed(text, file, 1);
  return result && { tree: result.program, clean: clean(result.errors) };
}

/**
 * The tree of some whole statements of a file, `text`, which starts on line `startLine` (1-based)
 * of the file: its nodes have the places they have in the file's tree. Null when Babel had to
 * recover from an error, where the file's tree may be another; an export of a name declared in
 * another statement (`export type { A };`) is no error here.
 */
export function parseStatements(text: string, file: string, startLine: number): Node | null {
  const result = parsed(text, file, startLine);
  return result && clean(result.errors) ? result.program : null;
}

/** No error Babel recovered from but an export of a name declared in another statement. */
function clean(errors: ReadonlyArray<{ reasonCode?: string }>): boolean {
  return errors.every((error) => error.reasonCode === 'ModuleExportUndefined');
}

function parsed(text: string, file: string, startLine: number): (ReturnType<typeof BabelParser.parse> & { errors: Array<{ reasonCode?: string }> }) | null {
  const extension = /\.([cm]?[jt]sx?)$/.exec(file)?.[1] ?? 'ts';
  const typescript = extension.includes('t');
  const plugins: ParserPlugin[] = typescript ? [['typescript', { dts: isDeclarationFile(file) }]] : [];
  if (!typescript || extension.endsWith('x')) plugins.push('jsx');
  try {
    const result = (requireHere('@babel/parser') as typeof BabelParser).parse(text, { sourceType: 'module', plugins, errorRecovery: true, startLine });
    return { ...result, errors: result.errors ?? [] };
  } catch {
    return null;
  }
}

/** The children of a Babel node (its fields that are nodes or lists of nodes). */
function childrenOf(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'extra' || key.endsWith('Comments')) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') out.push(child as Node);
    }
  }
  return out;
}

/**
 * Every name of the tree (identifiers, JSX names), in source order, each once: Babel gives a
 * shorthand property's key and value, and an import's imported and local name, one node each
 * at the same place; the first is kept.
 */
export function namesOf(tree: Node): NameNode[] {
  const found = new Map<number, NameNode>();
  const visit = (node: Node, ancestors: Node[]) => {
    if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && node.loc && !found.has(node.start!)) {
      found.set(node.start!, { name: node.name, line: node.loc.start.line - 1, column: node.loc.start.column, node, ancestors: [...ancestors] });
    }
    ancestors.push(node);
    for (const child of childrenOf(node)) visit(child, ancestors);
    ancestors.pop();
  };
  visit(tree, []);
  return [...found.values()].sort((a, b) => a.node.start! - b.node.start!);
}

/**
 * The name at a place of the tree (line and column 0-based), as namesOf has it there (the first
 * node at that place), found by going down through the nodes around the place alone: a
 * declaration file of a few hundred kilobytes is asked about at a few places, and listing all of
 * its names took a third as long as parsing it.
 */
export function nameAt(tree: Node, line: number, column: number): NameNode | undefined {
  const ancestors: Node[] = [];
  const before = (at: { line: number; column: number }) => at.line - 1 < line || (at.line - 1 === line && at.column <= column);
  const after = (at: { line: number; column: number }) => at.line - 1 > line || (at.line - 1 === line && at.column > column);
  let node: Node | undefined = tree;
  while (node) {
    if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && node.loc!.start.line - 1 === line && node.loc!.start.column === column) {
      return { name: node.name, line, column, node, ancestors };
    }
    ancestors.push(node);
    node = childrenOf(node).find((child) => child.loc && before(child.loc.start) && after(child.loc.end));
  }
  return undefined;
}

/**
 * The names of the functions a file calls with a callback whose parameters TypeScript types from
 * the call (`defineConfig` of `defineConfig({ tools: { rspack(config) {…} } })`, `map` of
 * `a.map((x) => …)`), in source order: such a parameter is what the call must be resolved for
 * before it is asked about (hovers/quick-info.ts). A call without one needs nothing resolved first.
 */
export function calleesOf(names: readonly NameNode[]): NameNode[] {
  return names.filter(({ node, ancestors }) => {
    const parent = ancestors.at(-1);
    if (!parent) return false;
    if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee === node) return parent.arguments.some(hasUntypedCallback);
    const call = ancestors.at(-2);
    return (
      (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') &&
      parent.property === node &&
      (call?.type === 'CallExpression' || call?.type === 'NewExpression' || call?.type === 'OptionalCallExpression') &&
      call.callee === parent &&
      call.arguments.some(hasUntypedCallback)
    );
  });
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ObjectMethod']);

/** Whether a node is, or holds, a function with a parameter written without a type. */
function hasUntypedCallback(node: Node): boolean {
  if (FUNCTIONS.has(node.type) && (node as Node & { params: Node[] }).params.some((param) => !(param as { typeAnnotation?: unknown }).typeAnnotation)) return true;
  return childrenOf(node).some(hasUntypedCallback);
}

/**
 * Whether a node holds a function or a class (a callback, a method, a getter): an expression
 * TypeScript may type from where it is used, whose call it then checks otherwise.
 */
export function holdsFunction(node: Node): boolean {
  if (FUNCTIONS.has(node.type) || node.type === 'ClassExpression') return true;
  return childrenOf(node).some(holdsFunction);
}

/** What a file imports by name: local name → the module and the name it has there. */
export function importsOf(tree: Node): Map<string, { from: string; name: string }> {
  const out = new Map<string, { from: string; name: string }>();
  if (tree.type !== 'Program') return out;
  for (const statement of tree.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier') continue;
      const name = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
      out.set(specifier.local.name, { from: statement.source.value, name });
    }
  }
  return out;
}

/**
 * The modules a file takes names from that are not packages: the specifiers of its imports with
 * bindings and its re-exports that are relative (`./math`) or go through an alias (`@/math`), each
 * with the place of its string (0-based). A bare import (`import './style.css'`) takes no name.
 */
export function localModulesOf(tree: Node): Array<{ specifier: string; line: number; column: number }> {
  const out: Array<{ specifier: string; line: number; column: number }> = [];
  if (tree.type !== 'Program') return out;
  for (const statement of tree.body) {
    const takes = statement.type === 'ImportDeclaration' ? statement.specifiers.length > 0 : statement.type === 'ExportAllDeclaration' || (statement.type === 'ExportNamedDeclaration' && !!statement.source);
    const source = takes && 'source' in statement ? statement.source : null;
    if (!source?.loc || isPackageSpecifier(source.value)) continue;
    out.push({ specifier: source.value, line: source.loc.start.line - 1, column: source.loc.start.column + 1 });
  }
  return out;
}

/**
 * The names a file takes from other modules and the names it declares at its top level (its
 * API: what it exports or defines), by name: `a` of `import a`, `{ b as a }`, `* as a`; `add` of
 * `export const add = …`, `function add`, `class`, `interface`, `type`, `enum`. The statements of
 * a `declare module '…' { … }` count as top-level ones (a declaration file's `Component`).
 */
export function outwardNames(tree: Node): Set<string> {
  const out = new Set<string>();
  const take = (statements: readonly Statement[]) => {
    for (const statement of statements) {
      const declaration = declarationOf(statement);
      if (!declaration) continue;
      if (declaration.type === 'ImportDeclaration') for (const specifier of declaration.specifiers) out.add(specifier.local.name);
      else if (declaration.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) if (declarator.id.type === 'Identifier') out.add(declarator.id.name);
      } else if (declaration.type === 'TSModuleDeclaration' && declaration.body.type === 'TSModuleBlock') take(declaration.body.body);
      else if ('id' in declaration && declaration.id && declaration.id.type === 'Identifier' && DECLARATIONS.has(declaration.type)) out.add(declaration.id.name);
    }
  };
  if (tree.type === 'Program') take(tree.body);
  return out;
}

/**
 * The values a module declares at its top level (variables, functions, classes, enums), whose
 * every declaration TypeScript finds in the file itself: empty for a script (no import or
 * export), whose top-level names are global and may merge with other files' declarations. A
 * variable given a `require(…)` is left out: TypeScript takes it for an alias of the module's
 * export, declared elsewhere.
 */
export function localValues(tree: Node): Set<string> {
  const out = new Set<string>();
  if (tree.type !== 'Program' || !tree.body.some((statement) => MODULE_STATEMENTS.has(statement.type))) return out;
  for (const statement of tree.body) {
    const declaration = declarationOf(statement);
    if (!declaration || ('declare' in declaration && declaration.declare)) continue;
    if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) if (declarator.id.type === 'Identifier' && !isRequire(declarator.init)) out.add(declarator.id.name);
    } else if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration' || declaration.type === 'TSEnumDeclaration') && declaration.id) out.add(declaration.id.name);
  }
  return out;
}

const MODULE_STATEMENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportDefaultDeclaration', 'ExportAllDeclaration']);

/** Whether an initializer is a `require(…)` call, or a member of one. */
function isRequire(node: Node | null | undefined): boolean {
  while (node && (node.type === 'MemberExpression' || node.type === 'AwaitExpression' || node.type === 'ParenthesizedExpression' || node.type === 'TSAsExpression')) node = node.type === 'MemberExpression' ? node.object : node.type === 'AwaitExpression' ? node.argument : node.expression;
  return node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require';
}

/**
 * Whether a name is a value of the sample's own where it is declared or used as a value: one the
 * module declares at its top level (localValues), or one a function of it declares (innerValue).
 * Not a property's key or a member's name, nor a name in a type (`Options` of `let a: Options`
 * may be a global type where the sample declares only a value so named).
 */
export function isLocalValue(name: NameNode, locals: ReadonlySet<string>): boolean {
  if (!isReference(name) || name.ancestors.at(-1)?.type.startsWith('TS')) return false;
  return locals.has(name.name) || innerValue(name);
}

/**
 * Whether a scope around the name below the top level declares it: a function's parameter, a
 * block's variable, function or class, a loop's or a catch clause's variable. TypeScript finds
 * such a value in the file itself: content/'s samples had 93 of them (of the server's 1,122
 * requests for definitions), each asked about for nothing. Left out: a name an object pattern
 * binds (where it is declared, TypeScript goes to the property it takes, in the declarations), the
 * top level (localValues), a `var` or a function used outside the block that declares it, and a
 * block's `var` or function outside any function (a script's are global, and may merge with
 * other files' declarations).
 */
function innerValue({ name, node, ancestors }: NameNode): boolean {
  if (node.type !== 'Identifier') return false;
  const outermostFunction = ancestors.findIndex((ancestor) => FUNCTION_SCOPES.has(ancestor.type));
  for (let i = ancestors.length - 1; i > 0; i--) {
    const found = declaredIn(ancestors[i]!, name, outermostFunction !== -1 && outermostFunction < i);
    if (found) return found === 'value';
  }
  return false;
}

const FUNCTION_SCOPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);

/** How a scope declares the name: as a value of its own, through an object pattern, or not at all (null). */
function declaredIn(scope: Node, name: string, inFunction: boolean): 'value' | 'pattern' | null {
  const first = (bindings: ReadonlyArray<Node | null | undefined>) => firstBinding(bindings, name);
  if (FUNCTION_SCOPES.has(scope.type)) {
    const fn = scope as Node & { params: Node[]; id?: Node | null };
    return first(fn.params) ?? (scope.type === 'FunctionExpression' && fn.id?.type === 'Identifier' && fn.id.name === name ? 'value' : null);
  }
  if (scope.type === 'BlockStatement') return first(scope.body.map((statement) => declarationIn(statement, name, inFunction)));
  if (scope.type === 'ForStatement' || scope.type === 'ForInStatement' || scope.type === 'ForOfStatement') {
    const head = scope.type === 'ForStatement' ? scope.init : scope.left;
    return head ? first([declarationIn(head, name, inFunction)]) : null;
  }
  return scope.type === 'CatchClause' ? first([scope.param]) : null;
}

/**
 * What of a statement may declare the name: a variable's target (not a `require(…)`'s alias), a
 * function's or a class's name; a `var` and a function only inside a function.
 */
function declarationIn(statement: Node, name: string, inFunction: boolean): Node | null {
  if (statement.type === 'VariableDeclaration') {
    if (statement.kind === 'var' && !inFunction) return null;
    return statement.declarations.find((declarator) => !isRequire(declarator.init) && bindingOf(declarator.id, name))?.id ?? null;
  }
  if ((statement.type === 'FunctionDeclaration' && inFunction) || statement.type === 'ClassDeclaration') return statement.id?.name === name ? statement.id : null;
  return null;
}

/** How the first of these bindings that binds the name binds it (bindingOf), or null. */
function firstBinding(bindings: ReadonlyArray<Node | null | undefined>, name: string): 'value' | 'pattern' | null {
  for (const binding of bindings) {
    const found = binding ? bindingOf(binding, name) : null;
    if (found) return found;
  }
  return null;
}

/** How a binding (a parameter, a declarator's target) binds the name: itself, a default's target, a rest, an array pattern's element; or an object pattern's. */
function bindingOf(binding: Node, name: string): 'value' | 'pattern' | null {
  switch (binding.type) {
    case 'Identifier':
      return binding.name === name ? 'value' : null;
    case 'AssignmentPattern':
      return bindingOf(binding.left, name);
    case 'RestElement':
      return bindingOf(binding.argument, name);
    case 'ArrayPattern':
      return firstBinding(binding.elements, name);
    case 'ObjectPattern':
      return binding.properties.some((property) => (property.type === 'RestElement' ? bindingOf(property.argument, name) : bindingOf(property.value as Node, name)) !== null) ? 'pattern' : null;
    default:
      return null;
  }
}

/** What a top-level statement declares: an exported declaration's own, else the statement itself (none for `export { … }`). */
function declarationOf(statement: Statement): Node | null | undefined {
  return statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
}

/** Statements that declare one name, by their `id`. */
const DECLARATIONS = new Set(['FunctionDeclaration', 'ClassDeclaration', 'TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSEnumDeclaration', 'TSDeclareFunction']);

/** Whether a name is a use of a binding (a variable, an import), not a property's key or a member's name. */
export function isReference({ node, ancestors }: NameNode): boolean {
  const parent = ancestors.at(-1) as (Node & { key?: Node; property?: Node; right?: Node; computed?: boolean }) | undefined;
  if (!parent) return false;
  if (parent.key === node && !parent.computed) return false;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === node && !parent.computed) return false;
  return !(parent.type === 'TSQualifiedName' && parent.right === node);
}

/** Nodes a config's keys may sit in between the object literals, up to `defineConfig(…)`. */
const CONFIG_WRAPPERS = new Set(['ObjectExpression', 'ArrayExpression', 'ParenthesizedExpression', 'ArrowFunctionExpression', 'ReturnStatement', 'BlockStatement', 'TSAsExpression', 'TSSatisfiesExpression']);

/**
 * The keys from a config's top to this property key (`['lib', 'format']`, and their names in the
 * code) and its top key (`format` of a lib item, `output` of `output.target`), or null when the
 * name is not a key of a config given to defineConfig.
 */
export function configPath({ node, ancestors }: NameNode): { path: string[]; top: NameNode; keys: NameNode[] } | null {
  const path: string[] = [];
  const keys: NameNode[] = [];
  const owner = ancestors.at(-1);
  if (owner?.type !== 'ObjectProperty' || owner.key !== node) return null;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const at = ancestors[i]!;
    if (at.type === 'ObjectProperty') {
      if (at.computed || (at.key.type !== 'Identifier' && at.key.type !== 'StringLiteral')) return null;
      const name = at.key.type === 'Identifier' ? at.key.name : at.key.value;
      path.unshift(name);
      keys.unshift({ name, line: at.key.loc!.start.line - 1, column: at.key.loc!.start.column, node: at.key, ancestors: ancestors.slice(0, i + 1) });
    } else if (at.type === 'CallExpression') {
      if (at.callee.type !== 'Identifier' || at.callee.name !== 'defineConfig') return null;
      return { path, top: (path[0] === 'lib' && keys.length > 1 ? keys[1] : keys[0])!, keys };
    } else if (!CONFIG_WRAPPERS.has(at.type)) {
      return null;
    }
  }
  return null;
}

/** The interface or type alias a declared member belongs to, with its name, or null. */
export function ownerOf({ ancestors }: NameNode): { name: string; node: Node } | null {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const at = ancestors[i]!;
    if (at.type === 'TSInterfaceDeclaration' || at.type === 'TSTypeAliasDeclaration') return { name: at.id.name, node: at };
    if (at.type === 'ClassDeclaration' || at.type === 'Program') return null;
  }
  return null;
}

/** The names an interface declares itself (each with the place of its key), and the names (with their places) of the types it extends. */
export function interfaceParts(node: Node): { members: Map<string, { line: number; column: number }>; bases: NameNode[] } {
  const members = new Map<string, { line: number; column: number }>();
  if (node.type !== 'TSInterfaceDeclaration') return { members, bases: [] };
  for (const member of node.body.body) {
    if ((member.type !== 'TSPropertySignature' && member.type !== 'TSMethodSignature') || member.computed || !member.key.loc) continue;
    const name = member.key.type === 'Identifier' ? member.key.name : member.key.type === 'StringLiteral' ? member.key.value : undefined;
    if (name !== undefined && !members.has(name)) members.set(name, { line: member.key.loc.start.line - 1, column: member.key.loc.start.column });
  }
  const bases: NameNode[] = [];
  for (const base of node.extends ?? []) {
    let expression: Node = base.expression;
    while (expression.type === 'TSQualifiedName') expression = expression.right;
    if (expression.type === 'Identifier' && expression.loc) bases.push({ name: expression.name, line: expression.loc.start.line - 1, column: expression.loc.start.column, node: expression, ancestors: [node, base] });
  }
  return { members, bases };
}

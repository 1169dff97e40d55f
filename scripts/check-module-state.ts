/**
 * `npm run check:state`: no module-level mutable state in pipeline/, renderer/, schemas/ or mcp/src/
 * (issue 21). State lives in what a run, an app or an engine makes: a module-level
 * variable is shared by every build of a process, every test of a file and every router of a
 * page, and outlives them all. Two forms are found:
 * - a top-level `let` or `var`;
 * - a top-level `const` bound to a new Map, Set or Array, or an array or object literal, that
 *   the same file changes (`.set(`, `.add(`, `.push(`, `.delete(`, `.clear(`…, or an assignment
 *   to one of its members).
 * A WeakMap or WeakSet is not state in this sense: what it holds belongs to its keys, lives as
 * long as they do and is reached only through them (renderer/lib/packed.ts keeps a parsed
 * record beside the packed one).
 * Sources are read with Babel's TypeScript preset, as check-deps.ts does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync, traverse, types as t } from '@babel/core';
import { CHECKED } from './check-deps.ts';

const root = path.resolve(import.meta.dirname, '..');

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
const COLLECTIONS = new Set(['Map', 'Set', 'Array']);

export interface StateFinding {
  file: string;
  line: number;
  column: number;
  message: string;
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function isFreshContainer(init: t.Expression | null | undefined): boolean {
  if (!init) return false;
  if (t.isTSAsExpression(init) || t.isTSSatisfiesExpression(init)) return isFreshContainer(init.expression);
  if (t.isArrayExpression(init) || t.isObjectExpression(init)) return true;
  return t.isNewExpression(init) && t.isIdentifier(init.callee) && COLLECTIONS.has(init.callee.name);
}

/** The findings of one source file (`file` as reported: relative to the project). */
export function moduleStateOf(file: string, code: string): StateFinding[] {
  const ast = parseSync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    presets: [[fileURLToPath(import.meta.resolve('@babel/preset-typescript')), { isTSX: file.endsWith('.tsx'), allExtensions: true }]],
  });
  if (!ast) return [];
  const findings: StateFinding[] = [];
  const at = (node: t.Node, message: string) => findings.push({ file, line: node.loc?.start.line ?? 0, column: (node.loc?.start.column ?? 0) + 1, message });
  const containers = new Map<string, t.Node>();
  for (const statement of ast.program.body) {
    const declaration = t.isExportNamedDeclaration(statement) ? statement.declaration : statement;
    if (!t.isVariableDeclaration(declaration)) continue;
    for (const declarator of declaration.declarations) {
      const name = t.isIdentifier(declarator.id) ? declarator.id.name : '(pattern)';
      if (declaration.kind === 'let' || declaration.kind === 'var') at(declarator, `module-level \`${declaration.kind} ${name}\`: keep it in what a run, app or engine makes`);
      else if (t.isIdentifier(declarator.id) && isFreshContainer(declarator.init)) containers.set(declarator.id.name, declarator);
    }
  }
  if (containers.size === 0) return findings;
  const changed = new Set<string>();
  traverse(ast, {
    CallExpression(p) {
      const callee = p.node.callee;
      if (t.isMemberExpression(callee) && t.isIdentifier(callee.object) && t.isIdentifier(callee.property) && MUTATORS.has(callee.property.name)) {
        const name = callee.object.name;
        // The module's own binding, not a local of the same name.
        if (containers.has(name) && p.scope.getBinding(name)?.scope === p.scope.getProgramParent()) changed.add(name);
      }
    },
    AssignmentExpression(p) {
      const left = p.node.left;
      if (t.isMemberExpression(left) && t.isIdentifier(left.object) && containers.has(left.object.name) && p.scope.getBinding(left.object.name)?.scope === p.scope.getProgramParent()) changed.add(left.object.name);
    },
  });
  for (const name of changed) at(containers.get(name)!, `module-level \`${name}\` is changed after the module loads: keep it in what a run, app or engine makes`);
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Every finding in the checked folders of the project at `project` (this one by default). */
export function checkModuleState(project = root): StateFinding[] {
  const findings: StateFinding[] = [];
  for (const folder of CHECKED) {
    let files: string[];
    try {
      files = sourcesOf(path.join(project, folder));
    } catch {
      continue; // a project without this folder
    }
    for (const file of files) findings.push(...moduleStateOf(path.relative(project, file), readFileSync(file, 'utf8')));
  }
  return findings;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const findings = checkModuleState();
  for (const f of findings) console.error(`${f.file}:${f.line}:${f.column} ${f.message} [no-module-state]`);
  if (findings.length > 0) process.exit(1);
  console.log(`check:state: no module-level mutable state in ${CHECKED.join('/, ')}/`);
}

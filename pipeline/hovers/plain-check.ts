/**
 * A config sample in the form the compiler checks fastest: `defineConfig(object)` read as
 * `(object) satisfies RslibConfig`. @rslib/core's first `defineConfig` overload infers a `const`
 * type parameter from the whole object and checks its top-level keys through conditional types:
 * resolving the call was nine tenths of a batch's checking (500 samples of the bench corpus:
 * 1.2 s of 1.5 s, 153,712 types; in this form 0.03 s, 4,117 types).
 *
 * The plain form accepts no more than the call does: its last overload, `defineConfig(config:
 * RslibConfig)`, is exactly this check of an object literal, and an object with no function in
 * it (nothing TypeScript types from the call: an earlier overload cannot fix it otherwise)
 * passes the call when it passes that overload (a call inside it, `pluginReact()`, is resolved
 * against RslibConfig either way: no overload types a parameter of it first). Where it finds
 * errors, the call's other overloads may still accept the object, and the errors would be worded
 * otherwise: a sample it finds errors in is checked again as written, and only those errors are
 * reported (batch-check.ts). Every place before the call's end is where it
 * was: the call's own text is blanked to spaces, line breaks kept.
 */
import type { Node } from '@babel/types';
import { isPackageSpecifier } from './sample.ts';
import { holdsFunction, parseSource } from './syntax.ts';

const RSLIB = '@rslib/core';

/**
 * `text` (the file `file`, whose syntax is `source`: the hovers read it once, quick-info.ts) with
 * its default export's `defineConfig(object)` checked plainly, or null where it has none that can
 * be (see above).
 */
export function plainConfigCheck(text: string, file: string, source = parseSource(text, file)): string | null {
  // TypeScript only (`satisfies` is not JavaScript), and nothing taken from a path of its own:
  // the plain form is written to another folder.
  if (!/\.[cm]?tsx?$/.test(file) || /\.d\.[cm]?ts$/.test(file) || /<reference\s|(?:import|require)\s*\(\s*['"`][.@~#]/.test(text)) return null;
  const tree = source?.clean ? source.tree : null;
  if (tree?.type !== 'Program' || tree.body.some((statement) => 'source' in statement && statement.source && !isPackageSpecifier(statement.source.value))) return null;
  const local = defineConfigName(tree.body);
  const exported = tree.body.find((statement) => statement.type === 'ExportDefaultDeclaration');
  const call = exported?.type === 'ExportDefaultDeclaration' ? exported.declaration : null;
  if (!local || call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== local || call.typeParameters) return null;
  const [object, ...more] = call.arguments;
  if (object?.type !== 'ObjectExpression' || more.length || holdsFunction(object)) return null;
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\n]/g, ' ');
  const [start, end] = [call.start!, call.end!];
  const [objectStart, objectEnd] = [object.start!, object.end!];
  return `${text.slice(0, start)}(${blank(start + 1, objectStart)}${text.slice(objectStart, objectEnd)}${blank(objectEnd, end - 1)}) satisfies import('${RSLIB}').RslibConfig${text.slice(end)}`;
}

/** The local name of @rslib/core's `defineConfig` among a file's imports (a value import), if any. */
function defineConfigName(body: readonly Node[]): string | null {
  for (const statement of body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== RSLIB || statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
      const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
      if (imported === 'defineConfig') return specifier.local.name;
    }
  }
  return null;
}

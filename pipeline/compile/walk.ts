/**
 * A preorder walk of an mdast or HAST tree for the compile's own passes, with the part of
 * unist-util-visit's contract they use: the visitor gets each node, its index and its parent;
 * it may return SKIP (not into this node's children), the index of the sibling to go on with
 * (after it changed its parent's children), or both as `[SKIP, index]`. A node's children are
 * read after its visitor ran, so children it replaced are the ones walked.
 *
 * unist-util-visit makes a closure, an array of ancestors and a function name (for its stack
 * traces) for every node it passes: a page is walked by five of these passes, and that was 1.9 s of each
 * compile worker's 34.6 s on the 1,000+1,000 corpus, about as much as garbage collection.
 */
import type { Node, Parent } from 'unist';

export const SKIP = 'skip';

/** What a visitor returns: nothing (go on), SKIP, the next sibling's index, or both. */
export type WalkAction = void | typeof SKIP | number | readonly [typeof SKIP, number];

export type WalkVisitor<T extends Node = Node> = (node: T, index: number | undefined, parent: Parent | undefined) => WalkAction;

/** Walks `tree` and every node under it, preorder, in document order. `T`: the union of the tree's node types (mdast's or hast's `Nodes`). */
export function walk<T extends Node = Node>(tree: Node, visitor: WalkVisitor<T>): void {
  walkNode(tree, undefined, undefined, visitor as WalkVisitor);
}

/** Visits `node` and then its children; returns the index its parent goes on with, when the visitor gave one. */
function walkNode(node: Node, index: number | undefined, parent: Parent | undefined, visitor: WalkVisitor): number | undefined {
  const action = visitor(node, index, parent);
  const skip = action === SKIP || Array.isArray(action);
  const next = typeof action === 'number' ? action : Array.isArray(action) ? (action as readonly [typeof SKIP, number])[1] : undefined;
  const self = node as Partial<Parent>;
  if (!skip && self.children) {
    let at = 0;
    while (at < self.children.length) {
      const goOn = walkNode(self.children[at]!, at, self as Parent, visitor);
      at = goOn === undefined ? at + 1 : goOn;
    }
  }
  return next;
}

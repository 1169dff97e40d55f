/**
 * The compile's tree walk visits what unist-util-visit visits, in the same order, and leaves the
 * same tree, for every kind of answer the passes give: nothing, SKIP, the index to go on with
 * after removing a node, and `[SKIP, index]` after replacing one; and children a visitor
 * replaced are the ones walked.
 */
import fc from 'fast-check';
import type { Node, Parent } from 'unist';
import { SKIP as VISIT_SKIP, visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { SKIP, walk } from '../../../pipeline/compile/walk.ts';

interface TestNode extends Node {
  type: 'plain' | 'skip' | 'remove' | 'replace' | 'prune';
  id: number;
  children?: TestNode[];
}

const KINDS = ['plain', 'skip', 'remove', 'replace', 'prune'] as const;

/** A node before it is numbered. */
interface Shape {
  type: TestNode['type'];
  children?: Shape[] | undefined;
}

/** A tree of up to four levels, every node numbered. */
const trees = fc
  .letrec<{ node: Shape }>((tie) => ({
    node: fc.record({
      type: fc.constantFrom(...KINDS),
      children: fc.option(fc.array(tie('node'), { maxLength: 4 }), { nil: undefined }),
    }, { requiredKeys: ['type'] }),
  }))
  .node.map((root) => {
    let id = 0;
    const number = (node: Shape): TestNode => ({ type: node.type, id: id++, ...(node.children && { children: node.children.map(number) }) });
    return { ...number(root), type: 'plain' } as TestNode;
  });

/**
 * What a pass does, by the node's kind, written once for both walks (`skip` is each one's SKIP):
 * logs the node, then skips it, removes it, replaces it with two new leaves, or drops its
 * children of kind `remove` before they are walked.
 */
function visitor(log: number[], skip: unknown) {
  let made = 1000;
  return (node: TestNode, index: number | undefined, parent: Parent | undefined): unknown => {
    log.push(node.id);
    if (!parent || index === undefined) return undefined;
    if (node.type === 'skip') return skip;
    if (node.type === 'remove') {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type === 'replace') {
      parent.children.splice(index, 1, { type: 'plain', id: made++ } as TestNode, { type: 'plain', id: made++ } as TestNode);
      return [skip, index + 2];
    }
    if (node.type === 'prune' && node.children) node.children = node.children.filter((child) => child.type !== 'remove');
    return undefined;
  };
}

describe('walk', () => {
  it('visits the nodes unist-util-visit visits, in its order, and leaves the same tree', () => {
    fc.assert(
      fc.property(trees, (tree) => {
        const ours = structuredClone(tree);
        const theirs = structuredClone(tree);
        const ourLog: number[] = [];
        const theirLog: number[] = [];
        walk<TestNode>(ours, visitor(ourLog, SKIP) as never);
        visit(theirs, visitor(theirLog, VISIT_SKIP) as never);
        expect(ourLog).toEqual(theirLog);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 500 },
    );
  });

  it('walks the root, then each subtree in document order', () => {
    const tree = { type: 'root', id: 0, children: [{ type: 'a', id: 1, children: [{ type: 'b', id: 2 }] }, { type: 'c', id: 3 }] };
    const seen: Array<[number, number | undefined, number | undefined]> = [];
    walk<Node & { id: number }>(tree, (node, index, parent) => {
      seen.push([node.id, index, (parent as (Parent & { id: number }) | undefined)?.id]);
    });
    expect(seen).toEqual([
      [0, undefined, undefined],
      [1, 0, 0],
      [2, 0, 1],
      [3, 1, 0],
    ]);
  });
});

/**
 * HAST as the renderer receives it: no positions, no `data`, properties reduced to JSON values
 * (className always an array, empty and null values dropped), neighbouring text nodes merged,
 * and no whitespace text inside table structure.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { HastChild, HastElement, HastRoot } from '../../schemas/hast.ts';

type Value = string | number | boolean | Array<string | number>;

export function compactHast(root: Root): HastRoot {
  return { type: 'root', children: compactChildren(root.children) };
}

/** Elements whose whitespace-only text children are not content (browsers drop them in tables). */
const NO_TEXT_CHILDREN = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

function compactChildren(children: Array<RootContent | ElementContent>, parent?: string): HastChild[] {
  const out: HastChild[] = [];
  const dropWhitespace = parent !== undefined && NO_TEXT_CHILDREN.has(parent);
  for (const child of children) {
    if (child.type === 'text') {
      // Kept, they would make the prerendered table differ from the one React hydrates.
      if (dropWhitespace && child.value.trim() === '') continue;
      const last = out.at(-1);
      if (last?.type === 'text') last.value += child.value;
      else out.push({ type: 'text', value: child.value });
    } else if (child.type === 'element') {
      out.push(compactElement(child));
    }
    // comments, doctypes and raw nodes are dropped: they never reach the reader
  }
  return out;
}

function compactElement(node: Element): HastElement {
  const properties: Record<string, Value> = {};
  for (const [name, value] of Object.entries(node.properties ?? {})) {
    const clean = cleanValue(value);
    if (clean !== undefined) properties[name === 'class' ? 'className' : name] = clean;
  }
  if (typeof properties.className === 'string') properties.className = properties.className.split(/\s+/).filter(Boolean);
  return { type: 'element', tagName: node.tagName, properties, children: compactChildren(node.children, node.tagName) };
}

function cleanValue(value: unknown): Value | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'number' ? v : String(v))) : undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

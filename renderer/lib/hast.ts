import type { HastElement } from '../../schemas/hast.ts';

type PropValue = HastElement['properties'][string];

/**
 * `style="--s-l:#fff;color:red"` → `{ '--s-l': '#fff', color: 'red' }`. Custom properties keep
 * their name; other properties become camelCase as React expects.
 */
export function parseStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of style.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const name = decl.slice(0, colon).trim();
    const value = decl.slice(colon + 1).trim();
    if (!name || !value) continue;
    const key = name.startsWith('--') ? name : name.toLowerCase().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = value;
  }
  return out;
}

/** HAST names that differ from React's. Everything else (`id`, `href`, `ariaLabel`→`aria-label`) is mapped by rule. */
const RENAMED: Record<string, string> = {
  className: 'className',
  htmlFor: 'htmlFor',
  tabIndex: 'tabIndex',
  colSpan: 'colSpan',
  rowSpan: 'rowSpan',
  dateTime: 'dateTime',
  srcSet: 'srcSet',
};

/** HAST element properties → React props (className joined, style parsed, aria/data kebab-cased). */
export function hastPropsToReact(properties: HastElement['properties']): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties) as [string, PropValue][]) {
    if (value === false || value === undefined || value === null) continue;
    if (name === 'className') {
      props.className = Array.isArray(value) ? value.join(' ') : String(value);
    } else if (name === 'style') {
      props.style = parseStyle(String(value));
    } else if (/^(aria|data)[A-Z]/.test(name)) {
      props[name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = Array.isArray(value) ? value.join(' ') : value;
    } else if (RENAMED[name]) {
      props[RENAMED[name]!] = value;
    } else {
      props[name] = Array.isArray(value) ? value.join(' ') : value;
    }
  }
  return props;
}

export function classList(element: HastElement): string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(' ') : [];
}

/** Text content of a HAST subtree (code-block copy text, headings). */
export function hastText(node: HastElement | { type: 'text'; value: string }): string {
  if (node.type === 'text') return node.value;
  return node.children.map((child) => hastText(child)).join('');
}

/**
 * Content problems as located messages. Every stage reports into one collector so that a run
 * prints all of its problems at once, as `file:line:col  severity  message  [rule]`.
 */
export type Severity = 'error' | 'warning';

export interface Place {
  line: number;
  column: number;
}

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  severity: Severity;
  message: string;
  rule: string;
}

/** A position-bearing node (mdast, hast, YAML) or nothing. */
interface Positioned {
  position?: { start: { line: number; column: number } } | undefined;
}

export function placeOf(node: Positioned | undefined | null): Place {
  const start = node?.position?.start;
  return start ? { line: start.line, column: start.column } : { line: 1, column: 1 };
}

export class Diagnostics {
  readonly items: Diagnostic[] = [];

  report(file: string, place: Place, message: string, rule: string, severity: Severity = 'error'): void {
    this.items.push({ file, line: place.line, column: place.column, severity, message, rule });
  }

  error(file: string, node: Positioned | Place | undefined | null, message: string, rule: string): void {
    this.report(file, toPlace(node), message, rule, 'error');
  }

  warn(file: string, node: Positioned | Place | undefined | null, message: string, rule: string): void {
    this.report(file, toPlace(node), message, rule, 'warning');
  }

  addAll(items: readonly Diagnostic[]): void {
    this.items.push(...items);
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'warning');
  }
}

function toPlace(node: Positioned | Place | undefined | null): Place {
  if (node && 'line' in node && typeof node.line === 'number') return node as Place;
  return placeOf(node as Positioned | undefined);
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  [${d.rule}]`;
}

/** Sorted by file then place, so the output reads top to bottom like the sources. */
export function sortDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  return [...items].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule),
  );
}

/** Line and column (1-based) of a character offset in a text. */
export function placeAtOffset(text: string, offset: number): Place {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

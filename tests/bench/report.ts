/** Printing benchmark rows with their budgets, shared by every *.bench.ts. */
import { readFileSync } from 'node:fs';

export interface Row {
  name: string;
  value: number;
  unit: string;
  /** Upper bound the value must stay under (or lower bound with `atLeast`). */
  budget?: number;
  atLeast?: boolean;
}

export function printRows(title: string, rows: readonly Row[]): boolean {
  console.log(`\n${title}`);
  let ok = true;
  // Names line up however long the longest is, so the values stay in one column.
  const width = Math.max(52, ...rows.map((row) => row.name.length));
  for (const row of rows) {
    let verdict = '';
    if (row.budget !== undefined) {
      const met = row.atLeast ? row.value >= row.budget : row.value < row.budget;
      ok &&= met;
      verdict = `${met ? 'met   ' : 'MISSED'} (${row.atLeast ? '≥' : '<'} ${format(row.budget)} ${row.unit})`;
    }
    console.log(`  ${row.name.padEnd(width)} ${format(row.value).padStart(10)} ${row.unit.padEnd(6)} ${verdict}`);
  }
  return ok;
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}

/**
 * From now until the returned function is called: the share (in %) of the machine's CPU time
 * that the host of this virtual machine took for others (`steal` in /proc/stat), or null where
 * there is no /proc/stat. Timings of a run with a large share are the host's, not the code's.
 */
export function hostSteal(): () => number | null {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      // user nice system idle iowait irq softirq steal …: the first eight make the total.
      return { steal: fields[7] ?? 0, total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0) };
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    return Math.round(((end.steal - start.steal) / (end.total - start.total)) * 1000) / 10;
  };
}

/** Printing benchmark rows with their budgets, shared by every *.bench.ts. */
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
  for (const row of rows) {
    let verdict = '';
    if (row.budget !== undefined) {
      const met = row.atLeast ? row.value >= row.budget : row.value < row.budget;
      ok &&= met;
      verdict = `${met ? 'met   ' : 'MISSED'} (${row.atLeast ? '≥' : '<'} ${format(row.budget)} ${row.unit})`;
    }
    console.log(`  ${row.name.padEnd(52)} ${format(row.value).padStart(10)} ${row.unit.padEnd(6)} ${verdict}`);
  }
  return ok;
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}

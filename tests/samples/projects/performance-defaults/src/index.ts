export function add(a: number, b: number): number {
  console.log(`adding ${a} and ${b}`);
  if (!Number.isFinite(a + b)) console.warn("the sum is not a finite number");
  return a + b;
}

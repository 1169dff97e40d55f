export const twice = (values: number[]): number[] => values.map((value) => value * 2);
export class Counter {
  count = 0;
  increment(): number {
    return ++this.count;
  }
}

/**
 * Loader data as the router carries it. On the server a record travels as one JSON string: the
 * router's serialiser would otherwise write every HAST node as its own object reference, which
 * made a prerendered page ~4× larger than its record. In the browser the parsed object is kept.
 * A loader whose data has a shorter form for the page to carry passes `toWire`, and whoever
 * unpacks it the matching `fromWire` (page-data.ts does both for a page).
 */
export type Packed<T> = { json: string } | { value: T };

const parsed = new WeakMap<object, unknown>();

export function packData<T>(value: T, toWire: (value: T) => unknown = (same) => same): Packed<T> {
  if (typeof window !== 'undefined') return { value };
  const packed = { json: JSON.stringify(toWire(value)) };
  // The server renders from the same object it packed: no need to parse the string back.
  if (value !== null && typeof value === 'object') parsed.set(packed, value);
  return packed;
}

export function unpackData<T>(packed: Packed<T>, fromWire: (wire: never) => T = (same) => same): T {
  if ('value' in packed) return packed.value;
  let value = parsed.get(packed) as T | undefined;
  if (value === undefined) {
    value = fromWire(JSON.parse(packed.json) as never);
    parsed.set(packed, value);
  }
  return value;
}

/**
 * Loader data as the router carries it. On the server a record travels as one JSON string: the
 * router's serialiser would otherwise write every HAST node as its own object reference, which
 * made a prerendered page ~4× larger than its record. In the browser the parsed object is kept.
 */
export type Packed<T> = { json: string } | { value: T };

const parsed = new WeakMap<object, unknown>();

export function packData<T>(value: T): Packed<T> {
  if (typeof window !== 'undefined') return { value };
  const packed = { json: JSON.stringify(value) };
  // The server renders from the same object it packed: no need to parse the string back.
  if (value !== null && typeof value === 'object') parsed.set(packed, value);
  return packed;
}

export function unpackData<T>(packed: Packed<T>): T {
  if ('value' in packed) return packed.value;
  let value = parsed.get(packed) as T | undefined;
  if (value === undefined) {
    value = JSON.parse(packed.json) as T;
    parsed.set(packed, value);
  }
  return value;
}

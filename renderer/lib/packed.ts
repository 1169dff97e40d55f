/**
 * Loader data as the router carries it. On the server a record travels as one JSON string: the
 * router's serialiser would otherwise write every HAST node as its own object reference, which
 * made a prerendered page ~4× larger than its record. In the browser the parsed object is kept.
 */
export type Packed<T> = { json: string } | { value: T };

const parsed = new WeakMap<object, unknown>();

export function packData<T>(value: T): Packed<T> {
  return typeof window === 'undefined' ? { json: JSON.stringify(value) } : { value };
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

import { clamp } from './utils/math.js';
import type { Range } from './types.js';

export type { Range } from './types.js';

export function fit(value: number, range: Range): number {
  return clamp(value, range.min, range.max);
}

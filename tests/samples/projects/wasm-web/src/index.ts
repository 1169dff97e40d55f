import { add } from './add.wasm';

export const sum = (a: number, b: number): number => add(a, b);

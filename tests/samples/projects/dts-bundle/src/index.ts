export { add } from './math';
export type { Point } from './types';

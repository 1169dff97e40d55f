export const add = (a: number, b: number): number => a + b;

export const loadExtra = () => import('./extra');

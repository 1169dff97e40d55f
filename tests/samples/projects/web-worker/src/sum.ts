export const sum = (numbers: number[]): number => numbers.reduce((total, n) => total + n, 0);

export const double = (n: number): number => n * 2;

export const first = (values: number[], fallback: number): number => values[0] ?? fallback;

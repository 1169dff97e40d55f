export const foo = 21;

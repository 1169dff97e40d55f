export const hello = (): string => 'hello';

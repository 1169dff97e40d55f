export const hello = 'world';

export const extra = 'loaded on demand';

export const greeting = 'bundled-greeting-text';

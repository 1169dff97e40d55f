export const format = (text: string): string => text.trim();

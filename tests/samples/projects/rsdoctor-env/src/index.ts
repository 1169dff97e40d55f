import { capitalize } from './capitalize';

export const greet = (name: string): string => `Hello, ${capitalize(name)}!`;

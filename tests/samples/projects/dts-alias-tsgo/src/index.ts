import type { Greeting } from '@utils/greet';

export const greet = (name: string): Greeting => ({ text: `Hello, ${name}` });

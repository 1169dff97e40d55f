import { format } from '@/format';

declare const PACKAGE_VERSION: string;

export const version = PACKAGE_VERSION;

export function greet(name: string): string {
  return `Hello, ${format(name)}!`;
}

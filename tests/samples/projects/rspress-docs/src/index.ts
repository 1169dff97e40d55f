/** Greets someone by name. */
export function greet(name: string): string {
  return `Hello, ${name}!`;
}

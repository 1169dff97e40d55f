declare const require: { resolve(id: string): string };

export const where = (name: string): string => require.resolve(name);

export const where = (): string => import.meta.url;
export const folder = (): string => import.meta.dirname;
export const file = (): string => import.meta.filename;

export const where = (): string => import.meta.url;

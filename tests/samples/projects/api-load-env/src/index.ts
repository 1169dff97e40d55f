export const apiUrl: string = process.env.PUBLIC_API_URL ?? '';
export const release: string = import.meta.env.PUBLIC_RELEASE ?? '';

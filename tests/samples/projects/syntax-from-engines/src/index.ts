export const port = (options?: { server?: { port?: number } }) => options?.server?.port ?? 3000;

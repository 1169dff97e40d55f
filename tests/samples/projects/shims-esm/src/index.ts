export const here = (): string => `${__dirname} ${__filename}`;

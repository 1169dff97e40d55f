import { version } from 'react';

export const mode = process.env.NODE_ENV;
export const reactVersion = version;

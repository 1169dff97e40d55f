import { version } from 'react';

console.log(process.env.NODE_ENV, version);

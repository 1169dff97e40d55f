declare const require: (id: string) => { version: string };

export const version = require('legacy-dep').version;

// A dotfile: `src/**` matches it too.
export const local = true;

import { runCLI } from '@rslib/core';

// The same as `rslib build --lib esm`, followed by any arguments this script was given.
const [node, script, ...args] = process.argv;
runCLI({ argv: [node, script, 'build', '--lib', 'esm', ...args] });

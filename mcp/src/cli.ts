/** The bin of rslib-docs-mcp (bundled into dist/cli.js): main.ts on the process's arguments. */
import { main } from './main.ts';

await main(process.argv.slice(2));

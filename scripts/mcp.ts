/**
 * `npm run mcp`: the MCP server (mcp/) on this checkout's dist-data/, over stdio unless told
 * otherwise (`npm run mcp -- --http`). Runs the server's sources, so an edit shows at the next
 * start without a bundle step.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, '..', 'dist-data');
if (!existsSync(path.join(dataDir, 'routes.json'))) {
  process.stderr.write('dist-data/ is missing: run `npm run data` first (or `npm run build`).\n');
  process.exit(1);
}
const { main } = await import('../mcp/src/main.ts');
await main(['--data', dataDir, ...process.argv.slice(2)]);

import { createRslib, loadConfig } from '@rslib/core';

// Read rslib.config.* from the current directory, as the CLI does.
const config = await loadConfig();
const rslib = await createRslib({ config });

const { stats, close } = await rslib.build();
// A one-off build still holds resources until it is closed.
await close();

const { children = [] } = stats?.toJson({ all: false, assets: true }) ?? {};
for (const { name, assets = [] } of children) {
  console.log(`${name}: ${assets.map((asset) => asset.name).join(', ')}`);
}

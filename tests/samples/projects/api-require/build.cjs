const { createRslib, version } = require('@rslib/core');

async function main() {
  console.log(`Rslib ${version}`);
  const rslib = await createRslib({ config: { lib: [{ format: 'cjs' }] } });
  const { close } = await rslib.build();
  await close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

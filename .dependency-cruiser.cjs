/**
 * The house rules for imports between the top-level folders, checked by
 * `npm run check:deps` (scripts/check-deps.ts) on every `npm test`. Type-only imports count:
 * a cycle through types still ties the files' meanings together.
 * schemas/search-format/ is code within the contract: the search index's analyzer and encoding,
 * which the pipeline's index builder and the browser's engine must run alike. It imports nothing
 * but the schemas, and no engine: each side passes the shared MiniSearch setup to its own.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other, directly or around a ring: move what both need into the module it belongs to (often a types module).',
      from: { path: '^(pipeline|renderer|schemas|mcp)/' },
      // A ring closed by `import()` is how a lazy part is split off: renderer/app/lazy-parts.ts loads
      // the part (the home layout) on demand, and the part uses the part cache's type and hook.
      // The part's module is evaluated only after the one that loads it, so that ring has no
      // order of evaluation to get wrong; every ring of static imports is still an error.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'renderer-not-to-pipeline',
      severity: 'error',
      comment: 'The renderer reads dist-data/ through the schemas; nothing of the build reaches the browser.',
      from: { path: '^renderer/' },
      to: { path: '^pipeline/' },
    },
    {
      name: 'renderer-not-to-content',
      severity: 'error',
      comment: 'Content reaches the renderer only as validated data in dist-data/ (the pipeline emits it, data.ts fetches it); a site without a given content file must still build.',
      from: { path: '^renderer/' },
      to: { path: '^content/' },
    },
    {
      name: 'pipeline-not-to-renderer',
      severity: 'error',
      comment: 'The pipeline writes data, never markup: what both sides need lives in schemas/.',
      from: { path: '^pipeline/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'build-not-to-scripts',
      severity: 'error',
      comment: "The commands of scripts/ run the build's code, never the other way round: what both need (run-time bundles, V8's settings) lives in runtime/.",
      from: { path: '^(pipeline|renderer|schemas)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'runtime-stands-alone',
      severity: 'error',
      comment: 'runtime/ is plain JavaScript that runs before anything can compile TypeScript, and every side imports it: it imports none of them.',
      from: { path: '^runtime/' },
      to: { path: '^(pipeline|renderer|schemas|scripts)/' },
    },
    {
      name: 'mcp-reads-the-contract-only',
      severity: 'error',
      comment:
        'The MCP server reads a data bundle as any other tool would (docs/data.md): the schemas, and the search engine with the grouping of its hits, so that its results are the search dialog\'s. Nothing else of the renderer (React), nothing of the pipeline, no content.',
      from: { path: '^mcp/' },
      to: { path: '^(pipeline|content)/|^renderer/', pathNot: '^renderer/search/(engine/|group\\.ts$)' },
    },
    {
      name: 'nothing-imports-mcp',
      severity: 'error',
      comment: 'The server is a consumer of the site\'s data, not a part of the site.',
      from: { path: '^(pipeline|renderer|schemas)/' },
      to: { path: '^mcp/' },
    },
    {
      name: 'schemas-not-to-pipeline-or-renderer',
      severity: 'error',
      comment: 'The contract depends on neither side of it.',
      from: { path: '^schemas/' },
      to: { path: '^(pipeline|renderer)/' },
    },
    {
      name: 'schemas-import-zod-only',
      severity: 'error',
      comment: 'The contract is data shapes and the code both sides must run alike: zod and nothing else, no search engine.',
      from: { path: '^schemas/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'], pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'schemas-without-node-io',
      severity: 'error',
      comment: 'Schemas run in the browser too (renderer/app/data.ts validates with them): no Node built-ins.',
      from: { path: '^schemas/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    // Packages are leaves: their own imports are not followed.
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'node', 'default'] },
  },
};

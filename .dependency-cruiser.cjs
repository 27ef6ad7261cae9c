// The layers of src/ (docs/architecture.md, "Layers"), bottom first. An import may only go to the
// same folder or to a lower layer; folders that share a layer never import each other. So no import
// climbs a layer and no two folders can import each other in a circle. `npm test` runs this check
// (`npm run -s lint:layers`) and fails on the first violation.
const LAYERS = [
  ['time'],
  ['domain'],
  ['crypto'],
  ['errors'],
  ['config'],
  ['logger.ts'],
  ['store'],
  ['ratelimit'],
  ['observability'],
  ['credentials', 'request-log'],
  ['webhooks'],
  ['auth'],
  ['http', 'contract', 'page-base'],
  ['oauth', 'resources', 'settings', 'ops', 'docs-page', 'demo'],
  ['routes.ts'],
  ['plugins'],
  ['app.ts'],
  ['server.ts', 'cli'],
];

const escapeDots = (name) => name.replace(/[.]/g, '\\.');
/** The path pattern of a folder (`src/store/…`) or a file of src/ (`src/app.ts`). */
const pathOf = (name) => (name.endsWith('.ts') ? `^src/${escapeDots(name)}$` : `^src/${escapeDots(name)}/`);
const anyOf = (names) => `(${names.map(pathOf).join('|')})`;

const climbing = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(index + 1).flat();
  if (above.length === 0) return [];
  return layer.map((name) => ({
    name: `layer-${name.replace('.ts', '')}`,
    comment: `${name} is in layer ${index + 1}: it may not import from a higher layer (${above.join(', ')}).`,
    severity: 'error',
    from: { path: pathOf(name) },
    to: { path: anyOf(above) },
  }));
});

const sideways = LAYERS.filter((layer) => layer.length > 1).flatMap((layer) =>
  layer.map((name) => ({
    name: `peer-${name.replace('.ts', '')}`,
    comment: `${name} shares its layer with ${layer.filter((n) => n !== name).join(', ')}: peers never import each other.`,
    severity: 'error',
    from: { path: pathOf(name) },
    to: { path: anyOf(layer.filter((n) => n !== name)) },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...climbing,
    ...sideways,
    {
      name: 'no-circular',
      comment: 'Modules that import each other in a circle.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'unlayered',
      comment: 'Every folder and root file of src/ has a layer in .dependency-cruiser.cjs (and docs/architecture.md).',
      severity: 'error',
      from: { path: '^src/', pathNot: anyOf(LAYERS.flat()) },
      to: {},
    },
    {
      name: 'src-not-to-outside',
      comment: 'The application never imports tests, benchmarks, scripts or examples.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts|examples|clients)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};

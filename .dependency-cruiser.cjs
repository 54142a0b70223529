// Which folder may import which (issue 41; docs/architecture.md "Who may import what"), checked by
// `npm run lint`. Tests (*.test.ts) and the test kit (src/server/test/) may import anything.
//
// WINGS lists src/server's wings from the top down, each with its folders in the same order: a
// folder may import only folders listed AFTER it (further down its wing, or in a wing below). So
// imports between wings run one way, down to the platform, and no two folders can import each
// other. A new folder must be added here, in its place, before it may import or be imported.

/** Wings, top to bottom. No wing ('') for src/server's own files (main.ts, app.ts), cli/ and wiring/. */
const WINGS = [
  ['', ['', 'cli']],
  ['transports', ['routes', 'trpc', 'web']],
  ['', ['wiring']],
  ['console', ['overview', 'health', 'settings', 'first-admin']],
  ['donors', ['rights', 'donor-page', 'records', 'retention', 'thanks']],
  ['papers', ['posters', 'certificates', 'reporting']],
  ['animals', ['applications', 'sponsors', 'records']],
  [
    'gifts',
    [
      'webhooks',
      'reconciliation',
      'offline-gifts',
      'gift-story',
      'razorpay-settlements',
      'appeals',
      'settlement',
      'monthly-at-risk',
      'receipts',
      'donations',
      'gift-lists',
      'donor-keys',
      'payments',
    ],
  ],
  [
    'platform',
    [
      'backups',
      'staff',
      'mail',
      'site-content',
      'images',
      'contacts',
      'audit',
      'security',
      'personal-data',
      'db',
      'http',
      'net',
      'core',
    ],
  ],
];

const TESTS = ['\\.test\\.tsx?$', '^src/server/test/', '^src/client/test/'];
const SERVER = '^src/server/';
const folders = WINGS.flatMap(([wing, names]) => names.map((name) => [wing, name]));
const label = ([wing, name]) => [wing, name].filter(Boolean).join('/') || 'src/server (main.ts, app.ts)';
/** The path pattern of a folder; src/server's own files are its loose files. */
const pattern = ([wing, name]) =>
  wing === '' && name === '' ? `${SERVER}[^/]+$` : `${SERVER}${[wing, name].filter(Boolean).join('/')}/`;

const downward = folders.slice(1).map((folder, j) => {
  const i = j + 1;
  const above = folders.slice(0, i);
  const below = folders.slice(i + 1);
  return {
    name: `wings-down-only: ${label(folder)}`,
    severity: 'error',
    comment:
      `${label(folder)} imports a folder listed above it or beside it in .dependency-cruiser.cjs's WINGS: ` +
      'imports run one way, down the wings to the platform; move the file to the folder it belongs to, ' +
      `or the shared piece down (it may import: ${below.map(label).join(', ') || 'nothing of src/server'}).`,
    from: { path: pattern(folder), pathNot: TESTS },
    to: { path: above.map(pattern) },
  };
});

const known = folders.map(pattern).concat(TESTS);

module.exports = {
  forbidden: [
    ...downward,
    {
      name: 'wings-known-folders',
      severity: 'error',
      comment:
        'A file of src/server outside every folder listed in .dependency-cruiser.cjs WINGS imports or is imported: ' +
        'put it in the wing and folder it belongs to, or add its new folder to WINGS in its place.',
      from: { path: SERVER, pathNot: known },
      to: { path: '^src/' },
    },
    {
      name: 'wings-known-folders-imported',
      severity: 'error',
      comment:
        'An import names a file of src/server outside every folder listed in .dependency-cruiser.cjs WINGS: ' +
        'put it in the wing and folder it belongs to, or add its new folder to WINGS in its place.',
      from: { pathNot: TESTS },
      to: { path: SERVER, pathNot: known },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'These files import each other in a circle: move the piece both need into a file of its own.',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'src/shared imports nothing of the server or the browser: both sides import it, never the other way.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-server-types-only',
      severity: 'error',
      comment:
        'The browser reaches the server only through types (import type { AppRouter }): this import would put server code in the bundle.',
      from: { path: '^src/client/', pathNot: TESTS },
      to: { path: SERVER, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sandbox-by-import-only',
      severity: 'error',
      comment:
        "The Razorpay sandbox is loaded with import() by the composition root in sandbox mode only: a static import puts it in production's start.",
      from: { path: '^src/', pathNot: ['^src/server/gifts/payments/sandbox/', ...TESTS] },
      to: { path: '^src/server/gifts/payments/sandbox/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-test-kit-in-production',
      severity: 'error',
      comment: 'Production code imports the test kit (src/server/test/): fixtures and kits live there for tests only.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^src/server/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: {
      archi: { collapsePattern: '^src/server/(?:[^/]+/){1,2}|^src/(?:client|shared)/' },
    },
  },
};

// Preloaded (`node --import`) into a server under test: when the process exits, writes the
// packages whose code it loaded through Node's CommonJS loader as one JSON line, {"loadedPackages": [...]}.
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  // Code only: MikroORM reads its other packages' package.json for their versions at start.
  const code = Object.keys(cache).filter((path) => !path.endsWith('.json'));
  const names = code.map((path) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1]);
  const loadedPackages = [...new Set(names.filter((name) => name !== undefined))];
  writeSync(1, `${JSON.stringify({ loadedPackages })}\n`);
});

// Runs one of the compiled tools of `npm run build` (dist/server/NAME.js: serve, db:migrate,
// reconcile, backup, restore) in this process, with the arguments after its name. Before a build
// there is no such file: one line says to build first, instead of Node's stack of a missing module.
// Plain JavaScript: it runs where the sources and their TypeScript loader are gone (the container).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  console.error('Usage: node scripts/run-built.mjs NAME [ARGS…] (runs dist/server/NAME.js)');
  process.exit(1);
}
const file = join(root, 'dist/server', `${name}.js`);
if (!existsSync(file)) {
  console.error(`${relative(process.cwd(), file) || file} is missing: run \`npm run build\` first`);
  process.exit(1);
}
// The tool reads its own arguments (process.argv.slice(2)) as if started as `node dist/server/NAME.js ARGS…`.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);

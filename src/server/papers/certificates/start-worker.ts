import { Worker, type WorkerOptions } from 'node:worker_threads';

// The build compiles each worker to a bundle of its own beside this module's mirror
// (scripts/build-server.ts); from the sources (tests, the dev server) it is TypeScript.
const fromSources = import.meta.url.endsWith('.ts');

/** Starts `<script>.worker.ts` of this folder (its `.js` bundle in the build) in a worker thread. */
export function startWorker(script: string, options: WorkerOptions): Worker {
  const url = new URL(`./${script}.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(url, options);
  // A worker runs no TypeScript by itself (`--import tsx` in its execArgv is not honoured on Node
  // 20): the sources' worker registers tsx's loader first, then imports the script.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

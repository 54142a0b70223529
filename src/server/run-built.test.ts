import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The compiled tools (`npm run serve`, `db:migrate`, `reconcile`, `backup`, `restore`) start through
 * scripts/run-built.mjs: before a build, one line saying to build first instead of Node's stack.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCHER = join(ROOT, 'scripts/run-built.mjs');
let project: string;

beforeAll(() => {
  // A project without a build: the launcher in its scripts/, no dist/.
  project = mkdtempSync(join(tmpdir(), 'run-built-'));
  mkdirSync(join(project, 'scripts'));
  copyFileSync(LAUNCHER, join(project, 'scripts/run-built.mjs'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/run-built.mjs', ...args], { cwd: project, encoding: 'utf8', timeout: 20_000 });

describe('the compiled tools’ launcher', () => {
  it('package.json starts every compiled tool through it', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const [script, tool] of [
      ['serve', 'main'],
      ['db:migrate', 'migrate'],
      ['reconcile', 'reconcile'],
      ['backup', 'backup'],
      ['restore', 'restore'],
    ] as const) {
      expect(scripts[script]).toBe(`node scripts/run-built.mjs ${tool}`);
    }
  });

  it('before a build: one line saying to build first, exit 1, no stack', () => {
    const result = run('restore', 'backup-2026-11-27.dump');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('dist/server/restore.js is missing: run `npm run build` first\n');
    expect(result.stdout).toBe('');
  });

  it('after it: runs the tool in this process with the arguments after its name', () => {
    mkdirSync(join(project, 'dist/server'), { recursive: true });
    writeFileSync(
      join(project, 'dist/server/backup.js'),
      'console.log(JSON.stringify(process.argv.slice(2))); process.exitCode = 3;\n',
    );
    const result = run('backup', '/var/backups', '--flag');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(['/var/backups', '--flag']);
    expect(result.status).toBe(3);
  });
});

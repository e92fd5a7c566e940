import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_INIT_SCRIPT_PATH, SCALAR_SCRIPT_PATH } from '../../src/modules/developer-api/api-docs.routes.js';
import { cspOf } from '../helpers/csp.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an HTML page that loads the reference from this origin only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!.trim());
    // No inline script: each one is a file of ours.
    expect(scripts).toEqual([`src="${SCALAR_SCRIPT_PATH}"`, `src="${DOCS_INIT_SCRIPT_PATH}"`]);
    expect(response.body).not.toMatch(/https?:\/\//);
  });

  it('keeps the app’s CSP: scripts from this origin only, no eval, no other host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = cspOf(response);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('font-src')).toBe("'self' data:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves Scalar’s bundle from its npm package, cached for good under its version', async () => {
    expect(SCALAR_SCRIPT_PATH).toMatch(/^\/api\/docs\/scalar-\d+\.\d+\.\d+\.js$/);
    const response = await t.app.inject({ method: 'GET', url: SCALAR_SCRIPT_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body.length).toBeGreaterThan(1_000_000);
    expect(response.body).toContain('createApiReference');
  });

  it('points the reference at the v1 document, with nothing fetched from Scalar’s servers', async () => {
    const response = await t.app.inject({ method: 'GET', url: DOCS_INIT_SCRIPT_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    const config = JSON.parse(/createApiReference\('#app', (.*)\);/s.exec(response.body)![1]!) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      url: '/api/v1/openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    });
    expect(config.featuredClients).toEqual(['shell/curl', 'js/fetch', 'node/fetch', 'python/requests']);
  });

  it('answers the bundle compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: SCALAR_SCRIPT_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspOf, type Injected } from '../helpers/csp.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

function expectCommonHeaders(response: Injected) {
  const csp = cspOf(response);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBeDefined();
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:5000' });
  });
  afterAll(() => t.close());

  it('sends CSP with frame-ancestors none and nosniff', async () => {
    expectCommonHeaders(await t.app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('sends them on error answers too', async () => {
    expectCommonHeaders(await t.app.inject({ method: 'GET', url: '/api/nope' }));
    expectCommonHeaders(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
  });

  it('sends no HSTS and no upgrade-insecure-requests when PUBLIC_URL is http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(response).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('security headers behind TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sms.example.com' });
  });
  afterAll(() => t.close());

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(cspOf(response).has('upgrade-insecure-requests')).toBe(true);
    expectCommonHeaders(response);
  });
});

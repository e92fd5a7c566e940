import type { TestApp } from './test-app.js';

/** An answer of `app.inject()`. */
export type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** An answer's Content-Security-Policy directives as a map: `frame-ancestors` → `'none'`. */
export function cspOf(response: Injected): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

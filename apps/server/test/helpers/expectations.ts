import { ErrorCode, ErrorResponseSchema } from '@switchboard/contract';
import { expect } from 'vitest';

/** Every error answer of the API: JSON `{ error, code }` (plus `fields`, `remaining`: ErrorResponseSchema), no stack. */
export function expectErrorBody(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code?: ErrorCode,
): { error: string; code: ErrorCode; fields?: Array<{ path: string; message: string }> } {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error: string; code: ErrorCode };
  expect(body).toEqual(
    expect.objectContaining({ error: expect.any(String) as string, code: expect.any(String) as string }),
  );
  expect(body.error.length).toBeGreaterThan(0);
  expect(Object.values(ErrorCode)).toContain(body.code);
  expect(Object.keys(body).every((key) => Object.keys(ErrorResponseSchema.shape).includes(key))).toBe(true);
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+|stack/i);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** A response must never carry a password hash, or the refresh token in its JSON body. */
export function expectNoSecrets(response: {
  body: string;
  cookies: Array<{ name: string; value: string; httpOnly?: boolean }>;
}) {
  expect(response.body).not.toMatch(/argon2|\$argon|password_?hash/i);
  expect(response.body).not.toContain('passwordHash');
  // httpOnly cookies hold secrets (the refresh token); the page-readable session marker is just "1".
  for (const cookie of response.cookies) {
    if (cookie.value && cookie.httpOnly) expect(response.body).not.toContain(cookie.value);
  }
  expect(response.cookies.some((c) => c.name === 'sb_refresh' && !c.httpOnly)).toBe(false);
}

/** Polls a condition every 50 ms until it holds (generously: the machine is busy); throws naming `what`. */
export async function eventually(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

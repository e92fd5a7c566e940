import { API_KEY_SECRET_PREFIX, type ApiKey } from '@switchboard/contract';
import { keyState } from './key-state';

/** The API's base URL on this server (the page's origin: the browser reached it there). */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/v1`;
}

/** The newest key that still works, whose prefix the first call shows. */
export function newestActiveKey(keys: readonly ApiKey[], now = Date.now()): ApiKey | undefined {
  return [...keys]
    .filter((key) => keyState(key, now) === 'active')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}

/**
 * A first send with curl, as README's "Developer API" shows it: the key's visible prefix followed
 * by an ellipsis where the rest of the secret goes (the page never has the whole secret).
 */
export function firstCurlCommand(baseUrl: string, keyPrefix: string | undefined): string {
  const bearer = `${keyPrefix ?? API_KEY_SECRET_PREFIX}…`;
  return [
    `curl -s -X POST ${baseUrl}/messages \\`,
    `  -H "Authorization: Bearer ${bearer}" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"to":"+12025550123","body":"Hello from Switchboard"}'`,
  ].join('\n');
}

/** The SMSGate-compatible API's base URL on this server, what an SMSGate client is given. */
export function smsgateBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/3rdparty/v1`;
}

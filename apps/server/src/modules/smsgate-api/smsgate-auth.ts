import { AppError } from '../../lib/app-error.js';
import type { DeveloperApiService } from '../developer-api/developer-api.service.js';
import { smsgateScopesOf, type SmsgateScope } from './smsgate-permissions.js';
import type { SmsgateGrant, SmsgateTokens } from './smsgate-tokens.js';

/** Who calls `/api/3rdparty/v1`: an API key by its Basic credentials, or an SMSGate token made from one. */
export interface SmsgateCaller {
  keyId: string;
  workspaceId: string;
  /** What the caller may do: the key's SMSGate scopes, narrowed to the token's for a token. */
  scopes: Set<SmsgateScope>;
  via: 'basic' | 'token';
}

const UNAUTHENTICATED = () =>
  new AppError(
    'UNAUTHENTICATED',
    'Send Authorization: Basic (an API key’s user name and password) or Bearer (a token).',
  );
const INVALID_TOKEN = () => new AppError('API_KEY_INVALID', 'The token is not valid or was revoked.');
const EXPIRED_TOKEN = () => new AppError('API_KEY_EXPIRED', 'The token has expired.');

/** `Basic base64(user:password)`: the pair, or null when the header is not one. */
function basicPair(header: string): { login: string; password: string } | null {
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function bearer(header: string): string | null {
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

export interface SmsgateAuthDeps {
  developerApi: Pick<DeveloperApiService, 'authenticateBasic' | 'authenticateKeyOfToken'>;
  tokens: SmsgateTokens;
}

/**
 * Authentication of the SMSGate-compatible API on top of the developer API's keys (their cache:
 * no query per request in steady state; revoked or expired keys stop working here too).
 */
export function createSmsgateAuth(deps: SmsgateAuthDeps) {
  async function callerOfGrant(grant: SmsgateGrant | 'expired' | null, ip: string): Promise<SmsgateCaller> {
    if (grant === 'expired') throw EXPIRED_TOKEN();
    if (!grant) throw INVALID_TOKEN();
    const key = await deps.developerApi.authenticateKeyOfToken(grant.keyId, grant.workspaceId, ip);
    const held = smsgateScopesOf(key.scopes);
    const scopes = new Set(grant.scopes.filter((scope) => held.has(scope)));
    return { keyId: key.keyId, workspaceId: key.workspaceId, scopes, via: 'token' };
  }

  return {
    /** The caller of a request with this Authorization header from this address; throws the 401/403. */
    async authenticate(header: string | undefined, ip: string): Promise<SmsgateCaller> {
      if (!header) throw UNAUTHENTICATED();
      const pair = basicPair(header);
      if (pair) {
        const key = await deps.developerApi.authenticateBasic(pair.login, pair.password, ip);
        return { keyId: key.keyId, workspaceId: key.workspaceId, scopes: smsgateScopesOf(key.scopes), via: 'basic' };
      }
      const token = bearer(header);
      if (!token) throw UNAUTHENTICATED();
      return callerOfGrant(await deps.tokens.verifyAccess(token), ip);
    },

    /** `POST /auth/token/refresh`: the refresh token's grant (its key still working), for a new pair. */
    async authenticateRefresh(header: string | undefined, ip: string): Promise<{ caller: SmsgateCaller; jti: string }> {
      const token = header ? bearer(header) : null;
      if (!token) throw UNAUTHENTICATED();
      const grant = await deps.tokens.verifyRefresh(token);
      const caller = await callerOfGrant(grant, ip);
      return { caller, jti: (grant as SmsgateGrant).jti };
    },
  };
}

export type SmsgateAuth = ReturnType<typeof createSmsgateAuth>;

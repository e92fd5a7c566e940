import { describe, expect, it } from 'vitest';
import { endsThisSession, tokenSessionId } from './session-revoked';

const THIS = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
/** An unsigned JWT with these claims, base64url as the server writes it. */
const tokenWith = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
const token = tokenWith({ sub: 'user', sid: THIS, exp: 2_000_000_000 });

describe('session.revoked', () => {
  it('reads the session id of the access token', () => {
    expect(tokenSessionId(token)).toBe(THIS);
    expect(tokenSessionId('not-a-token')).toBeNull();
    expect(tokenSessionId(undefined)).toBeNull();
  });

  it('ends this tab’s session when all sessions were revoked', () => {
    expect(endsThisSession({}, token)).toBe(true);
  });

  it('ends it when this session was revoked, not when another one was', () => {
    expect(endsThisSession({ sessionId: THIS }, token)).toBe(true);
    expect(endsThisSession({ sessionId: OTHER }, token)).toBe(false);
  });
});

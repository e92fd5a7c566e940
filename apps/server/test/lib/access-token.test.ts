import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-token.js';

const SECRET = 'access-token-test-secret-of-32-characters-or-more';

describe('access tokens', () => {
  it('answers a token seen before until its expiry, and refuses it after, as the first check did', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens(SECRET, 60, () => clock);
    const token = await tokens.sign({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sid: 'session-1' });
    clock += 61_000;
    expect(await tokens.verify(token)).toBeNull();
    // A fresh instance (no memory of it) agrees.
    expect(await createAccessTokens(SECRET, 60, () => clock).verify(token)).toBeNull();
  });

  it('never remembers a token that failed: forged, altered or signed with another secret', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const other = await createAccessTokens(`${SECRET}-other`, 60).sign({ sub: 'user-1', sid: 'session-1' });
    expect(await tokens.verify(other)).toBeNull();
    expect(await tokens.verify(other)).toBeNull();
    const good = await tokens.sign({ sub: 'user-2', sid: 'session-2' });
    const [header, payload] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', sid: 'x', iss: 'switchboard' })).toString('base64url')}.${good.split('.')[2]}`;
    expect(payload).toBeDefined();
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});

import type { SessionRevoked } from '@switchboard/contract';

/** The session an access token belongs to (its `sid` claim), or null when unreadable. The server verifies. */
export function tokenSessionId(token: string | undefined): string | null {
  try {
    const payload = token?.split('.')[1] ?? '';
    const sid = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * Whether a `session.revoked` notice ends this tab's session: every session of the user (no id:
 * blocked, deactivated, removed) or this very one (signed out from another device's session list).
 */
export function endsThisSession({ sessionId }: Pick<SessionRevoked, 'sessionId'>, token: string | undefined): boolean {
  return sessionId === undefined || sessionId === tokenSessionId(token);
}

import { useSyncExternalStore } from 'react';
import type { UserData } from '@switchboard/contract';
import { jwtExpiry } from './jwt-expiry';
import { clearStoredSession, readStoredSession, storeSession } from './session-storage';

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous'; reason?: 'signed-out' | 'expired' }
  | { status: 'authenticated'; user: UserData; accessToken: string };

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The browser's session. The access token lives in memory only; storage keeps the spec's
 * `userInfo`, `tokenExpiry` and `loggedIn` (localStorage with "Remember me", else sessionStorage).
 */
export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  accessToken: (): string | undefined => (state.status === 'authenticated' ? state.accessToken : undefined),

  signIn(user: UserData, accessToken: string, rememberMe: boolean) {
    storeSession(user, jwtExpiry(accessToken), rememberMe);
    set({ status: 'authenticated', user, accessToken });
  },
  /** A refreshed token for the same user (keeps the storage "Remember me" chose). */
  renew(user: UserData, accessToken: string) {
    storeSession(user, jwtExpiry(accessToken), readStoredSession()?.rememberMe ?? true);
    set({ status: 'authenticated', user, accessToken });
  },
  updateUser(user: UserData) {
    if (state.status !== 'authenticated') return;
    session.renew(user, state.accessToken);
  },
  signOut(reason: 'signed-out' | 'expired') {
    clearStoredSession();
    set({ status: 'anonymous', reason });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** The signed-in user, or null. */
export function useCurrentUser(): UserData | null {
  const current = useSession();
  return current.status === 'authenticated' ? current.user : null;
}

let refreshing: Promise<string | null> | null = null;

/** The lock the app's tabs take in turn to use the refresh cookie they share (Web Locks API). */
const REFRESH_LOCK = 'switchboard-refresh-token';

/** Runs `work` holding the tabs' refresh lock, or as it is where the browser has no Web Locks. */
async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return work();
  let result!: T;
  await navigator.locks.request(REFRESH_LOCK, async () => {
    result = await work();
  });
  return result;
}

/**
 * Exchanges the refresh cookie for a new access token. However many callers ask at once, one
 * request runs and all get its result (a refresh token works only once: a second parallel
 * refresh would look like theft and revoke the session). The app's other tabs share the cookie,
 * so they take turns too: a tab's refresh starts once the one before it has its answer, and sends
 * the cookie that answer set (two tabs opened together would otherwise sign each other out).
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      return await oneTabAtATime(async () => {
        const response = await fetch('/api/auth/refresh-token', { method: 'POST', credentials: 'same-origin' });
        if (!response.ok) return null;
        const { accessToken } = (await response.json()) as { accessToken: string };
        return accessToken;
      });
    } catch {
      return null;
    } finally {
      // Let the next expiry start a new refresh.
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

function hasSessionMarker(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith('sb_session='));
}

/** App start: renew the session silently from the refresh cookie; a failure is only logged. */
export async function restoreSession(): Promise<void> {
  // The server sets this marker next to its httpOnly refresh cookie: without it there is nothing
  // to restore, and asking anyway would log a failed request on every anonymous visit.
  if (!hasSessionMarker()) {
    session.signOut('signed-out');
    return;
  }
  const token = await refreshAccessToken();
  if (!token) {
    console.info('No session to restore: signed out.');
    session.signOut('signed-out');
    return;
  }
  const response = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    console.info(`Could not load the signed-in user (${response.status}).`);
    session.signOut('signed-out');
    return;
  }
  const { userData } = (await response.json()) as { userData: UserData };
  session.renew(userData, token);
}

import { useEffect, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@switchboard/contract';
import { session, useSession } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
const socketListeners = new Set<() => void>();

function setSocket(next: AppSocket | null) {
  socket = next;
  for (const listener of socketListeners) listener();
}

function subscribeToSocket(listener: () => void) {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
}

/** The signed-in user's socket in a component: null until it connects after sign-in. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(subscribeToSocket, getSocket, () => null);
}

/** One id per browser tab, sent with ENTERED (spec §3). */
function tabSessionId(): string {
  let id = sessionStorage.getItem('socketSessionId');
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem('socketSessionId', id);
  }
  return id;
}

/** The socket of the signed-in user, or null. Features subscribe to their events on it. */
export function getSocket(): AppSocket | null {
  return socket;
}

/**
 * Connects after sign-in (the handshake reads the current access token, also on reconnects),
 * sends ENTERED, and applies `user.updated` (e.g. a role change) without a reload. A
 * `session.revoked` for this tab's session (or for all of the user's: blocked, removed) signs out
 * at once; the route guard then leaves the pages that need a session.
 */
export function useRealtimeConnection() {
  const state = useSession();
  const userId = state.status === 'authenticated' ? state.user.id : null;
  const email = state.status === 'authenticated' ? state.user.email : null;

  useEffect(() => {
    if (!userId || !email) return;
    let s: AppSocket | null = null;
    let cancelled = false;
    // Loaded on sign-in only: anonymous pages do not pay for the socket client or its handlers.
    void Promise.all([import('socket.io-client'), import('./session-revoked')]).then(
      ([{ io }, { endsThisSession }]) => {
        if (cancelled) return;
        s = io({ path: '/socket.io', auth: (cb) => cb({ token: session.accessToken() ?? '' }) });
        s.on('connect', () => s?.emit('ENTERED', { email, sessionId: tabSessionId() }));
        s.on('user.updated', ({ userData }) => session.updateUser(userData));
        s.on('session.revoked', (notice) => {
          if (endsThisSession(notice, session.accessToken())) session.signOut('expired');
        });
        setSocket(s);
      },
    );
    return () => {
      cancelled = true;
      s?.disconnect();
      if (socket === s) setSocket(null);
    };
  }, [userId, email]);
}

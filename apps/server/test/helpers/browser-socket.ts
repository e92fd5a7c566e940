import type { ServerToClientEvents } from '@switchboard/contract';
import { io as connect } from 'socket.io-client';
import type { ClientSocket } from './socket-clients.js';

type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface BrowserSocket {
  socket: ClientSocket;
  /** The first event named `event` (already received or still to come) that `matches`. */
  waitFor<E extends EventName>(
    event: E,
    matches: (payload: PayloadOf<E>) => boolean,
    timeoutMs?: number,
  ): Promise<PayloadOf<E> & { at: number }>;
  close(): void;
}

/**
 * A browser's socket.io connection to a running server (any process, e.g. one instance of a
 * cluster): the websocket transport, the access token in the handshake, every event recorded
 * with the time it arrived, so a test can measure how long an action elsewhere took to show.
 */
export async function openBrowserSocket(server: { url: string }, token: string): Promise<BrowserSocket> {
  const socket: ClientSocket = connect(server.url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const arrivals: { event: string; payload: unknown; at: number }[] = [];
  socket.onAny((event: string, payload: unknown) => arrivals.push({ event, payload, at: performance.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  return {
    socket,
    async waitFor(event, matches, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = arrivals.find(
          (arrival) => arrival.event === event && matches(arrival.payload as PayloadOf<typeof event>),
        );
        if (found) return Object.assign({}, found.payload as PayloadOf<typeof event>, { at: found.at });
        if (Date.now() > deadline) {
          throw new Error(
            `no matching ${event} within ${timeoutMs} ms (got ${arrivals.map((a) => a.event).join(', ')})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () => void socket.disconnect(),
  };
}

import { act } from '@testing-library/react';

/**
 * Enough of a socket.io client for the hooks that listen to server events: handlers by event,
 * and `play` to deliver an event as the server would. Tests hand it out through a mock of
 * `lib/realtime`'s `useSocket`.
 */
export class FakeSocket {
  connected = true;
  private handlers = new Map<string, Set<(payload?: unknown) => void>>();
  on(event: string, handler: (payload?: unknown) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: (payload?: unknown) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  play(event: string, payload?: unknown) {
    act(() => this.handlers.get(event)?.forEach((handler) => handler(payload)));
  }
}

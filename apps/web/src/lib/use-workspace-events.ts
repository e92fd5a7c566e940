import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@switchboard/contract';
import { useEffect, useRef } from 'react';
import { useSocket } from './realtime';
import { onReconnect } from './socket-reconnect';

/** Listeners for some of the workspace's socket events, by event name. */
export type WorkspaceEventHandlers = { [Event in keyof ServerToClientEvents]?: ServerToClientEvents[Event] };

export interface WorkspaceEventOptions {
  /** Whenever the socket connects after the page subscribed (first time or again): fetch what may have been missed. */
  onReconnect: () => void;
  /**
   * Marked stale (not refetched) when the component unmounts: its events are not followed
   * then, so what it leaves cached is fetched again on the next visit.
   */
  staleOnLeave?: QueryKey;
}

/**
 * The one shape of a feature's socket hook (useInboxEvents, useNetworkEvents, useVoiceEvents,
 * useAutoReplyEvents): listen to some events of the signed-in user's socket while mounted, catch
 * up whenever the socket connects, optionally mark the feature's cache stale when left. The handlers may be
 * new functions on every render: the latest ones run, the socket listeners stay the same.
 */
export function useWorkspaceEvents(handlers: WorkspaceEventHandlers, options: WorkspaceEventOptions) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const latest = useRef({ handlers, options });
  useEffect(() => {
    latest.current = { handlers, options };
  });
  // The events listened to; a change of them (rare) subscribes again.
  const events = Object.keys(handlers).sort().join(' ');

  useEffect(() => {
    if (!socket) return;
    const offReconnect = onReconnect(socket, () => latest.current.options.onReconnect());
    const names = (events ? events.split(' ') : []) as Array<keyof ServerToClientEvents>;
    const listeners = names.map((event) => {
      const listener = (...args: unknown[]) =>
        (latest.current.handlers[event] as ((...args: unknown[]) => void) | undefined)?.(...args);
      socket.on(event, listener as never);
      return () => socket.off(event, listener as never);
    });
    return () => {
      offReconnect();
      for (const off of listeners) off();
    };
  }, [socket, events]);

  // By value: a key factory gives a new array on every render.
  const staleKey = options.staleOnLeave ? JSON.stringify(options.staleOnLeave) : null;
  useEffect(() => {
    if (!staleKey) return;
    const queryKey = JSON.parse(staleKey) as QueryKey;
    return () => void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }, [queryClient, staleKey]);
}

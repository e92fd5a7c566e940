import type { AppSocket } from './realtime';

/**
 * Runs `catchUp` each time the socket connects after this call: after a drop (events may have
 * been missed meanwhile), and also on its first connection when it was not connected yet, since
 * whatever the page fetched before then can miss an event sent in between. Returns the
 * unsubscribe.
 */
export function onReconnect(socket: Pick<AppSocket, 'on' | 'off'>, catchUp: () => void): () => void {
  const onConnect = () => catchUp();
  socket.on('connect', onConnect);
  return () => socket.off('connect', onConnect);
}

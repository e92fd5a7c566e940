import type { AppSocket } from './realtime';

/**
 * Runs `catchUp` each time the socket connects again after a drop (events may have been missed
 * meanwhile), not on its first connection. Returns the unsubscribe.
 */
export function onReconnect(socket: Pick<AppSocket, 'connected' | 'on' | 'off'>, catchUp: () => void): () => void {
  let connectedBefore = socket.connected;
  const onConnect = () => {
    if (connectedBefore) catchUp();
    connectedBefore = true;
  };
  socket.on('connect', onConnect);
  return () => socket.off('connect', onConnect);
}

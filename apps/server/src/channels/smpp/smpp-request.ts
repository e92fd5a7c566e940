import smpp from 'smpp';
import { ChannelError } from '../channel.js';

type Fail = (error: Error) => void;

/** Requests awaiting their response, per connection, so a closed connection fails them at once. */
const pendingBySession = new WeakMap<smpp.Session, Set<Fail>>();

/**
 * Sends a request PDU and resolves with the response PDU, whatever its command_status. Rejects
 * with a transient ChannelError when no answer comes in time or the connection closes first.
 */
export function requestOn(
  session: smpp.Session,
  command: string,
  fields: smpp.PduFields,
  timeoutMs: number,
): Promise<smpp.PDU> {
  return new Promise((resolve, reject) => {
    const pending = pendingOf(session);
    const settle = () => {
      clearTimeout(timer);
      return pending.delete(fail);
    };
    const fail: Fail = (error) => {
      if (settle()) reject(error);
    };
    const timer = setTimeout(() => {
      fail(new ChannelError(`No ${command}_resp within ${timeoutMs} ms`, { transient: true, code: 'SMPP_TIMEOUT' }));
    }, timeoutMs);
    pending.add(fail);
    const sent = session.send(new smpp.PDU(command, fields), (response) => {
      if (settle()) resolve(response);
    });
    if (!sent) fail(connectionClosed());
  });
}

/** Ends the connection politely, or forcibly when the peer does not close within `graceMs`. */
export function closeSession(session: smpp.Session, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (session.socket.destroyed) return resolve();
    const timer = setTimeout(() => session.destroy(), graceMs);
    session.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    session.close();
  });
}

function pendingOf(session: smpp.Session): Set<Fail> {
  let pending = pendingBySession.get(session);
  if (!pending) {
    const created = new Set<Fail>();
    session.on('close', () => {
      for (const fail of [...created]) fail(connectionClosed());
    });
    pendingBySession.set(session, created);
    pending = created;
  }
  return pending;
}

function connectionClosed(): ChannelError {
  return new ChannelError('The SMPP connection closed before the centre answered', {
    transient: true,
    code: 'SMPP_CONNECTION_CLOSED',
  });
}

import type smpp from 'smpp';
import { ChannelError } from '../channel.js';
import type { SmppSession } from './smpp-session.js';
import { describeStatus, SmppStatus, statusHex } from './smpp-status.js';

/** Tries for each later part of a long message (see submitMessage). */
const LATER_PART_ATTEMPTS = 3;

/**
 * Submits the PDUs of one message and returns the centre's message id of each, first part first.
 * The first part goes alone: if it fails nothing went out and the whole message can be retried.
 * Once it is accepted the recipient has part of the message, and a retry would send that part
 * again, so the later parts wait out throttling and try again here instead of failing the message.
 * `onPartAccepted` learns each later part's id as soon as it is known (receipts may follow fast).
 */
export async function submitMessage(
  session: SmppSession,
  pdus: smpp.PduFields[],
  throttlePauseMs: number,
  onPartAccepted: (partId: string, firstId: string) => void,
): Promise<string> {
  const [first, ...later] = pdus;
  if (!first) throw new ChannelError('Nothing to send', { transient: false, code: 'SMPP_EMPTY' });
  const firstId = await submitPart(session, first, throttlePauseMs);
  await Promise.all(
    later.map(async (pdu) => {
      for (let attempt = 1; ; attempt++) {
        try {
          onPartAccepted(await submitPart(session, pdu, throttlePauseMs), firstId);
          return;
        } catch (error) {
          if (!(error instanceof ChannelError) || !error.options.transient || attempt >= LATER_PART_ATTEMPTS)
            throw error;
        }
      }
    }),
  );
  return firstId;
}

/** One submit_sm: the message id, or a ChannelError saying whether a retry may help. */
async function submitPart(session: SmppSession, pdu: smpp.PduFields, throttlePauseMs: number): Promise<string> {
  const response = await session.submit(pdu);
  const status = response.command_status;
  if (status === SmppStatus.OK) return response.message_id ?? '';
  const code = `SMPP_${statusHex(status)}`;
  if (status === SmppStatus.THROTTLED || status === SmppStatus.MESSAGE_QUEUE_FULL) {
    // Everyone sending on this bind backs off, not only this message.
    session.pauseSubmits(throttlePauseMs);
    throw new ChannelError(describeStatus(status), { transient: true, code, retryAfterMs: throttlePauseMs });
  }
  // A system error is the centre's passing fault, not the message's: retried with backoff.
  throw new ChannelError(describeStatus(status), { transient: status === SmppStatus.SYSTEM_ERROR, code });
}

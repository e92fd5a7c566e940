import type { StatusReport } from '../channel.js';
import type { MessageStateReport } from './smsgate-schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids (networks, messages) are UUIDs; a message id that is not one was sent by the phone on its own. */
export const isUuid = (id: string) => UUID.test(id);

/** Phones report their clocks; a little ahead of ours is drift, far ahead is a wrong clock. */
const CLOCK_DRIFT_MS = 60_000;

/** A time the phone reported, or undefined (then the pipeline uses now) if unreadable or in the future. */
export function phoneTime(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const time = new Date(value);
  const ms = time.getTime();
  return Number.isNaN(ms) || ms > Date.now() + CLOCK_DRIFT_MS ? undefined : time;
}

export type PhoneStatus = Pick<StatusReport, 'state' | 'errorText' | 'at'>;

function failureText(report: MessageStateReport): string {
  const errors = new Set((report.recipients ?? []).map((r) => r.error?.trim()).filter(Boolean));
  return errors.size ? [...errors].join('; ') : 'Failed on the phone';
}

/**
 * What one PATCH /message entry means for our message, or null when it changes nothing:
 * Pending and Cancelling are where a message already stands until the phone takes it, and a state
 * this server does not know is ignored rather than refused.
 */
export function statusFromReport(report: MessageStateReport): PhoneStatus | null {
  const at = phoneTime(report.states?.[report.state]);
  switch (report.state) {
    case 'Processed':
      return { state: 'sending', at };
    case 'Sent':
      return { state: 'sent', at };
    case 'Delivered':
      return { state: 'delivered', at };
    case 'Failed':
      return { state: 'failed', errorText: failureText(report), at };
    case 'Cancelled':
      return { state: 'failed', errorText: 'Cancelled on the phone', at };
    default:
      return null;
  }
}

import smpp from 'smpp';

/** The command statuses the adapter acts on. */
export const SmppStatus = {
  OK: 0x00,
  SYSTEM_ERROR: 0x08,
  INVALID_PASSWORD: 0x0e,
  MESSAGE_QUEUE_FULL: 0x14,
  THROTTLED: 0x58,
} as const;

const NAMES = new Map<number, string>(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** What people see in the network's "last error" and in failed messages. */
const DESCRIPTIONS: Record<number, string> = {
  0x01: 'message length is invalid',
  0x02: 'command length is invalid',
  0x03: 'invalid command id',
  0x04: 'incorrect bind status for this command',
  0x05: 'already bound',
  0x08: 'system error',
  0x0a: 'invalid source address',
  0x0b: 'invalid destination address',
  0x0d: 'bind failed',
  0x0e: 'invalid password',
  0x0f: 'invalid system id',
  0x14: 'message queue full',
  0x15: 'invalid service type',
  0x45: 'submit failed',
  0x48: 'invalid source address TON',
  0x49: 'invalid source address NPI',
  0x50: 'invalid destination address TON',
  0x51: 'invalid destination address NPI',
  0x53: 'invalid system type',
  0x58: 'throttling error (the centre gets more messages than it allows)',
  0x62: 'invalid validity period',
  0xc0: 'invalid optional parameter stream',
  0xc1: 'optional parameter not allowed',
  0xfe: 'delivery failure',
  0xff: 'unknown error',
  0x101: 'prohibited',
  0x104: 'invalid data coding scheme',
};

/** `0x0e` style: two hex digits at least, as the SMPP specification writes them. */
export function statusHex(status: number): string {
  return `0x${status.toString(16).padStart(2, '0')}`;
}

/** E.g. "ESME_RINVPASWD (0x0e): invalid password". */
export function describeStatus(status: number): string {
  const name = NAMES.get(status) ?? 'vendor-specific status';
  const description = DESCRIPTIONS[status];
  return `${name} (${statusHex(status)})${description ? `: ${description}` : ''}`;
}

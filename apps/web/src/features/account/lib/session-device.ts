import type { AccountSession } from '@switchboard/contract';

export type DeviceKind = 'mobile' | 'tablet' | 'desktop';

/** What kind of device a session's browser runs on (the server names phones and tablets only). */
export function deviceKind(session: Pick<AccountSession, 'device'>): DeviceKind {
  return session.device === 'mobile' || session.device === 'tablet' ? session.device : 'desktop';
}

/** "Chrome 131 · Android 14", or null when the user agent said neither. */
export function browserAndSystem(session: Pick<AccountSession, 'browser' | 'os'>): string | null {
  const parts = [session.browser, session.os].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

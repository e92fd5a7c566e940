import type { ContactEntry } from '@switchboard/contract';
import { vi } from 'vitest';

let serial = 0;

/** A contact as the contact book's API answers it. */
export function aContact(change: Partial<ContactEntry> = {}): ContactEntry {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    id: `00000000-0000-4000-8000-00000000${n}`,
    phoneNumber: `+1415555${n}`,
    name: null,
    tags: [],
    optedOutAt: null,
    customFields: {},
    timeZone: null,
    listIds: [],
    createdAt: '2026-03-10T12:34:00.000Z',
    updatedAt: '2026-03-10T12:34:00.000Z',
    lastMessageAt: null,
    ...change,
  };
}

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** The API as a function of the request; every request is recorded in the returned list. */
export function stubFetch(respond: (request: SentRequest) => { status: number; body?: unknown }): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        // JSON bodies as values; a FormData (an upload) as it was sent.
        body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      };
      sent.push(request);
      const { status, body } = respond(request);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return sent;
}

import type { Contact, VoiceMessage } from '@switchboard/contract';
import type { VoicePages } from '../api/voice-cache';

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function aContact(overrides: Partial<Contact> = {}): Contact {
  return { id: uuid(), phoneNumber: '+14155550123', name: null, tags: [], optedOutAt: null, ...overrides };
}

/** A voice message as the API answers it; `overrides` shape the case under test. */
export function aVoiceMessage(overrides: Partial<VoiceMessage> = {}): VoiceMessage {
  return {
    id: uuid(),
    networkId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    conversationId: uuid(),
    contact: aContact(),
    durationSeconds: 42,
    transcript: null,
    contentType: 'audio/wav',
    sizeBytes: 12_345,
    listened: false,
    listenedAt: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** Cached pages of a list, as TanStack Query keeps them. */
export function pagesOf(pages: VoiceMessage[][], lastCursor: string | null = null): VoicePages {
  return {
    pages: pages.map((voiceMessages, i) => ({
      voiceMessages,
      nextCursor: i === pages.length - 1 ? lastCursor : `cursor-${i + 1}`,
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  };
}

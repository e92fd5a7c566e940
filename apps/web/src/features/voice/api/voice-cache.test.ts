import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NO_VOICE_FILTERS } from '../lib/voice-filters';
import { aContact, aVoiceMessage, pagesOf } from '../test/fixtures';
import { flattenVoicePages, storeVoiceContact, storeVoiceMessage, upsertVoiceMessage } from './voice-cache';
import { voiceKeys } from './voice-keys';

const at = (minute: number) => `2026-03-10T12:${String(minute).padStart(2, '0')}:00.000Z`;
const ids = (data: ReturnType<typeof pagesOf> | undefined) => flattenVoicePages(data).map((item) => item.id);

describe('upsertVoiceMessage', () => {
  const newest = aVoiceMessage({ createdAt: at(30) });
  const middle = aVoiceMessage({ createdAt: at(20) });
  const oldest = aVoiceMessage({ createdAt: at(10) });

  it('puts a new voice message at the top of the first page', () => {
    const arrived = aVoiceMessage({ createdAt: at(40) });
    const next = upsertVoiceMessage(pagesOf([[newest, middle], [oldest]]), arrived, NO_VOICE_FILTERS);
    expect(next?.pages[0]!.voiceMessages.map((item) => item.id)).toEqual([arrived.id, newest.id, middle.id]);
    expect(next?.pages[1]!.voiceMessages).toEqual([oldest]);
  });

  it('replaces a changed voice message where it is, without moving it', () => {
    const data = pagesOf([[newest, middle], [oldest]]);
    const next = upsertVoiceMessage(data, { ...middle, listened: true }, NO_VOICE_FILTERS);
    expect(ids(next)).toEqual([newest.id, middle.id, oldest.id]);
    expect(next?.pages[0]!.voiceMessages[1]!.listened).toBe(true);
    // Untouched pages keep their identity (no needless re-render).
    expect(next?.pages[1]).toBe(data.pages[1]);
  });

  it('keeps a message just listened to in an "unlistened only" list rather than pulling it away', () => {
    const filters = { ...NO_VOICE_FILTERS, unlistened: true };
    const next = upsertVoiceMessage(pagesOf([[newest, middle]]), { ...newest, listened: true }, filters);
    expect(ids(next)).toEqual([newest.id, middle.id]);
  });

  it('leaves out a new message the list’s filters would not show', () => {
    const data = pagesOf([[newest]]);
    const elsewhere = aVoiceMessage({ createdAt: at(40), networkId: 'another-network' });
    expect(upsertVoiceMessage(data, elsewhere, { ...NO_VOICE_FILTERS, networkId: newest.networkId })).toBe(data);
    const listened = aVoiceMessage({ createdAt: at(40), listened: true });
    expect(upsertVoiceMessage(data, listened, { ...NO_VOICE_FILTERS, unlistened: true })).toBe(data);
  });

  it('inserts in the server’s order, and beyond the loaded pages only when none are left', () => {
    const between = aVoiceMessage({ createdAt: at(15) });
    expect(ids(upsertVoiceMessage(pagesOf([[newest, middle], [oldest]]), between, NO_VOICE_FILTERS))).toEqual([
      newest.id,
      middle.id,
      between.id,
      oldest.id,
    ]);
    const older = aVoiceMessage({ createdAt: at(5) });
    const partial = pagesOf([[newest, middle]], 'more');
    expect(upsertVoiceMessage(partial, older, NO_VOICE_FILTERS)).toBe(partial);
    expect(ids(upsertVoiceMessage(pagesOf([[newest, middle]]), older, NO_VOICE_FILTERS))).toEqual([
      newest.id,
      middle.id,
      older.id,
    ]);
  });

  it('does nothing to a list that is not cached', () => {
    expect(upsertVoiceMessage(undefined, newest, NO_VOICE_FILTERS)).toBeUndefined();
  });
});

describe('storeVoiceMessage / storeVoiceContact', () => {
  it('updates every cached list by its own filters, and the open detail', () => {
    const queryClient = new QueryClient();
    const message = aVoiceMessage({ createdAt: at(10) });
    const unlistenedOnly = { ...NO_VOICE_FILTERS, unlistened: true };
    queryClient.setQueryData(voiceKeys.list(NO_VOICE_FILTERS), pagesOf([[message]]));
    queryClient.setQueryData(voiceKeys.list(unlistenedOnly), pagesOf([[]]));
    queryClient.setQueryData(voiceKeys.detail(message.id), message);

    const arrived = aVoiceMessage({ createdAt: at(20), listened: true });
    storeVoiceMessage(queryClient, arrived);
    storeVoiceMessage(queryClient, { ...message, listened: true });

    const all = queryClient.getQueryData<ReturnType<typeof pagesOf>>(voiceKeys.list(NO_VOICE_FILTERS));
    expect(ids(all)).toEqual([arrived.id, message.id]);
    expect(ids(queryClient.getQueryData(voiceKeys.list(unlistenedOnly)))).toEqual([]);
    expect(queryClient.getQueryData(voiceKeys.detail(message.id))).toMatchObject({ listened: true });
    // A detail nobody opened is not created.
    expect(queryClient.getQueryData(voiceKeys.detail(arrived.id))).toBeUndefined();
  });

  it('shows a caller’s opt-out on all their voice messages', () => {
    const queryClient = new QueryClient();
    const caller = aContact();
    const first = aVoiceMessage({ contact: caller, createdAt: at(20) });
    const second = aVoiceMessage({ contact: caller, createdAt: at(10) });
    const other = aVoiceMessage({ createdAt: at(5) });
    queryClient.setQueryData(voiceKeys.list(NO_VOICE_FILTERS), pagesOf([[first, second, other]]));

    storeVoiceContact(queryClient, { ...caller, optedOutAt: at(30) });

    const list = flattenVoicePages(queryClient.getQueryData(voiceKeys.list(NO_VOICE_FILTERS)));
    expect(list.map((item) => item.contact.optedOutAt)).toEqual([at(30), at(30), null]);
  });
});

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Contact, VoiceMessage, VoiceMessageListResponse } from '@switchboard/contract';
import { matchesVoiceFilters, type VoiceFilters } from '../lib/voice-filters';
import { voiceKeys } from './voice-keys';

export type VoicePages = InfiniteData<VoiceMessageListResponse>;

/** The server's order: newest first, the id breaking ties. Negative when `a` comes first. */
export function compareNewestFirst(a: VoiceMessage, b: VoiceMessage): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function replacePage(data: VoicePages, pageIndex: number, voiceMessages: VoiceMessage[]): VoicePages {
  return {
    ...data,
    pages: data.pages.map((page, i) => (i === pageIndex ? { ...page, voiceMessages } : page)),
  };
}

/**
 * A new or changed voice message in one cached list (pure): a message the list holds is replaced
 * where it is (so a message being listened to does not jump away, even from "unlistened only");
 * one it does not hold is inserted in the server's order when the list's filters take it and it
 * falls within the pages loaded so far (older ones arrive with the next page anyway).
 */
export function upsertVoiceMessage(
  data: VoicePages | undefined,
  message: VoiceMessage,
  filters: VoiceFilters,
): VoicePages | undefined {
  if (!data) return data;
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.voiceMessages.findIndex((item) => item.id === message.id);
    if (index !== -1) {
      return replacePage(
        data,
        pageIndex,
        page.voiceMessages.map((item, i) => (i === index ? message : item)),
      );
    }
  }
  if (!matchesVoiceFilters(message, filters)) return data;
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.voiceMessages.findIndex((item) => compareNewestFirst(message, item) < 0);
    if (index !== -1) {
      return replacePage(data, pageIndex, [
        ...page.voiceMessages.slice(0, index),
        message,
        ...page.voiceMessages.slice(index),
      ]);
    }
  }
  // Older than everything loaded: its place is the end, but only when no page is left to load.
  const lastIndex = data.pages.length - 1;
  const last = data.pages[lastIndex];
  if (!last || last.nextCursor !== null) return data;
  return replacePage(data, lastIndex, [...last.voiceMessages, message]);
}

/** Every voice message of a list's loaded pages, in order. */
export function flattenVoicePages(data: VoicePages | undefined): VoiceMessage[] {
  return data?.pages.flatMap((page) => page.voiceMessages) ?? [];
}

/** A voice message from any cached list (e.g. as the detail's first data), or undefined. */
export function findCachedVoiceMessage(queryClient: QueryClient, id: string): VoiceMessage | undefined {
  for (const [, data] of queryClient.getQueriesData<VoicePages>({ queryKey: voiceKeys.lists() })) {
    const found = flattenVoicePages(data).find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Puts a voice message (new or changed) into every cached list that takes it and its detail. */
export function storeVoiceMessage(queryClient: QueryClient, message: VoiceMessage) {
  for (const [key, data] of queryClient.getQueriesData<VoicePages>({ queryKey: voiceKeys.lists() })) {
    const filters = key[key.length - 1] as VoiceFilters;
    const next = upsertVoiceMessage(data, message, filters);
    if (next !== data) queryClient.setQueryData(key, next);
  }
  if (queryClient.getQueryData(voiceKeys.detail(message.id)) !== undefined) {
    queryClient.setQueryData(voiceKeys.detail(message.id), message);
  }
}

/** A caller's changed name or opt-out state, in every cached voice message of theirs. */
export function storeVoiceContact(queryClient: QueryClient, contact: Contact) {
  const messages = new Map<string, VoiceMessage>();
  for (const [, data] of queryClient.getQueriesData<VoicePages>({ queryKey: voiceKeys.lists() })) {
    for (const message of flattenVoicePages(data)) {
      if (message.contact.id === contact.id) messages.set(message.id, { ...message, contact });
    }
  }
  for (const [, message] of queryClient.getQueriesData<VoiceMessage>({ queryKey: voiceKeys.details() })) {
    if (message?.contact.id === contact.id) messages.set(message.id, { ...message, contact });
  }
  for (const message of messages.values()) storeVoiceMessage(queryClient, message);
}

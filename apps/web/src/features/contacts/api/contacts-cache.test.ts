import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactDetailResponse, ContactEntry, ContactPageResponse } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { contactKeys } from './contact-keys';
import { applyContactEvent, firstPageOnly, refreshContactBook, storeContactEntry } from './contacts-cache';

const entry = (id: string, name: string): ContactEntry => ({
  id,
  phoneNumber: `+1415555${id.slice(0, 4).replace(/\D/g, '0')}`,
  name,
  tags: [],
  optedOutAt: null,
  customFields: {},
  timeZone: null,
  listIds: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastMessageAt: null,
});
const A = entry('00000000-0000-4000-8000-00000000000a', 'Ana');
const B = entry('00000000-0000-4000-8000-00000000000b', 'Ben');

type Pages = InfiniteData<ContactPageResponse, string | undefined>;
const pages = (...pageContacts: ContactEntry[][]): Pages => ({
  pages: pageContacts.map((contacts, i) => ({ contacts, nextCursor: `c${i + 1}` })),
  pageParams: pageContacts.map((_, i) => (i === 0 ? undefined : `c${i}`)),
});

function seeded() {
  const queryClient = new QueryClient();
  const all = contactKeys.page({});
  const tagged = contactKeys.page({ tag: 'vip' });
  queryClient.setQueryData(all, pages([A], [B]));
  queryClient.setQueryData(tagged, pages([B]));
  queryClient.setQueryData<ContactDetailResponse>(contactKeys.detail(B.id), { contact: B, consent: [] });
  return { queryClient, all, tagged };
}

describe('the contacts cache', () => {
  it('shows a saved contact in every list that holds it and in its drawer', () => {
    const { queryClient, all, tagged } = seeded();
    storeContactEntry(queryClient, { ...B, name: 'Benjamin' });
    expect(queryClient.getQueryData<Pages>(all)!.pages[1]!.contacts[0]!.name).toBe('Benjamin');
    expect(queryClient.getQueryData<Pages>(tagged)!.pages[0]!.contacts[0]!.name).toBe('Benjamin');
    expect(queryClient.getQueryData<ContactDetailResponse>(contactKeys.detail(B.id))!.contact.name).toBe('Benjamin');
    // Pages without the contact stay the same objects (their rows do not re-render).
    expect(queryClient.getQueryData<Pages>(all)!.pages[0]!.contacts[0]).toBe(A);
  });

  it('takes name, tags and consent from the inbox’s contact.updated, keeping the book’s own fields', () => {
    const { queryClient, all } = seeded();
    const optedOutAt = '2026-02-01T09:00:00.000Z';
    applyContactEvent(queryClient, { id: A.id, phoneNumber: A.phoneNumber, name: 'Ana B', tags: ['x'], optedOutAt });
    expect(queryClient.getQueryData<Pages>(all)!.pages[0]!.contacts[0]).toEqual({
      ...A,
      name: 'Ana B',
      tags: ['x'],
      optedOutAt,
    });
  });

  it('starts every list again from its first page after a change of many contacts', async () => {
    const { queryClient, all } = seeded();
    expect(firstPageOnly(pages([A], [B]))).toEqual(pages([A]));
    await refreshContactBook(queryClient);
    expect(queryClient.getQueryData<Pages>(all)).toEqual(pages([A]));
    expect(queryClient.getQueryState(all)!.isInvalidated).toBe(true);
  });
});

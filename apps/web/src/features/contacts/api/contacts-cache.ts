import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Contact, ContactDetailResponse, ContactEntry, ContactPageResponse } from '@switchboard/contract';
import { contactKeys } from './contact-keys';

type Pages = InfiniteData<ContactPageResponse, string | undefined>;

/** The pages with one contact replaced by `change(contact)` wherever it is shown. */
export function patchPages(pages: Pages, id: string, change: (contact: ContactEntry) => ContactEntry): Pages {
  let changed = false;
  const next = pages.pages.map((page) => {
    if (!page.contacts.some((contact) => contact.id === id)) return page;
    changed = true;
    return { ...page, contacts: page.contacts.map((contact) => (contact.id === id ? change(contact) : contact)) };
  });
  return changed ? { ...pages, pages: next } : pages;
}

/**
 * A contact as the server now has it: shown at once in every cached list and in its drawer.
 * Whether it still matches each list's filter, or where it sorts now, is left to the refetch
 * that the caller's invalidation starts.
 */
export function storeContactEntry(queryClient: QueryClient, contact: ContactEntry) {
  queryClient.setQueriesData<Pages>({ queryKey: contactKeys.pages() }, (pages) =>
    pages ? patchPages(pages, contact.id, () => contact) : pages,
  );
  queryClient.setQueryData<ContactDetailResponse>(contactKeys.detail(contact.id), (detail) =>
    detail ? { ...detail, contact } : detail,
  );
}

/**
 * The inbox's `contact.updated` (someone texted STOP, a name changed in the inbox): its name,
 * tags and consent in the lists; the drawer's detail is fetched again (its consent history grew).
 */
export function applyContactEvent(queryClient: QueryClient, contact: Contact) {
  const merge = (entry: ContactEntry): ContactEntry => ({
    ...entry,
    name: contact.name,
    tags: contact.tags,
    optedOutAt: contact.optedOutAt,
  });
  queryClient.setQueriesData<Pages>({ queryKey: contactKeys.pages() }, (pages) =>
    pages ? patchPages(pages, contact.id, merge) : pages,
  );
  void queryClient.invalidateQueries({ queryKey: contactKeys.detail(contact.id) });
}

/** Only the first page of each cached list, so that a refetch asks for one page, not all of them. */
export function firstPageOnly(pages: Pages): Pages {
  return pages.pages.length <= 1 ? pages : { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) };
}

/**
 * After a change of many contacts (a bulk action, a new or deleted contact): the lists start
 * again from their first page (a refetch of every page loaded so far could be hundreds of
 * calls), and the counts, tags and lists' member counts are fetched again.
 */
export function refreshContactBook(queryClient: QueryClient) {
  queryClient.setQueriesData<Pages>({ queryKey: contactKeys.pages() }, (pages) => pages && firstPageOnly(pages));
  return queryClient.invalidateQueries({ queryKey: contactKeys.all });
}

/** After a change of one contact in place: what sums contacts up (counts, tags, lists) is fetched again. */
export function refreshContactSums(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.counts() }),
    queryClient.invalidateQueries({ queryKey: contactKeys.tags() }),
    queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  ]);
}

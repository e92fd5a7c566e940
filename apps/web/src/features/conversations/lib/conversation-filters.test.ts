import { describe, expect, it } from 'vitest';
import { aContact, aConversation } from '../test/fixtures';
import { activeFilterCount, matchesListQuery, NO_FILTERS, toListQuery } from './conversation-filters';

describe('toListQuery', () => {
  it('sends only the filters that are set', () => {
    expect(toListQuery(NO_FILTERS)).toEqual({});
    expect(toListQuery({ ...NO_FILTERS, q: '  ada ', unread: true, optedOut: false })).toEqual({
      q: 'ada',
      unread: 'true',
      optedOut: 'false',
    });
  });

  it('turns the date range into local day boundaries, the end day included', () => {
    const query = toListQuery({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-10' });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 11).toISOString());
    expect(toListQuery({ ...NO_FILTERS, from: 'not a date' })).toEqual({});
  });

  it('counts the active filters besides the search', () => {
    expect(activeFilterCount({ ...NO_FILTERS, q: 'x' })).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, unread: true, optedOut: false, from: '2026-03-01' })).toBe(3);
  });
});

describe('matchesListQuery', () => {
  it('finds a number by its digits, whatever the formatting', () => {
    const conversation = aConversation({ contact: aContact({ phoneNumber: '+12025550142' }) });
    expect(matchesListQuery(conversation, { q: '555-0142' })).toBe(true);
    expect(matchesListQuery(conversation, { q: '555-0199' })).toBe(false);
  });

  it('applies the opted-out and date filters', () => {
    const optedOut = aConversation({ contact: aContact({ optedOutAt: '2026-03-01T00:00:00.000Z' }) });
    expect(matchesListQuery(optedOut, { optedOut: 'true' })).toBe(true);
    expect(matchesListQuery(optedOut, { optedOut: 'false' })).toBe(false);
    const march10 = aConversation({ lastMessageAt: '2026-03-10T12:00:00.000Z' });
    expect(matchesListQuery(march10, { from: '2026-03-10T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' })).toBe(true);
    expect(matchesListQuery(march10, { to: '2026-03-10T12:00:00.000Z' })).toBe(false);
  });
});

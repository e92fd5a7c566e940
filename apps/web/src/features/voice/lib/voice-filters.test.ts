import { describe, expect, it } from 'vitest';
import { aContact, aVoiceMessage } from '../test/fixtures';
import { matchesVoiceFilters, NO_VOICE_FILTERS, voiceFilterParams } from './voice-filters';

describe('voiceFilterParams', () => {
  it('sends nothing for no filters', () => {
    expect(voiceFilterParams(NO_VOICE_FILTERS).toString()).toBe('');
  });

  it('sends the date range as instants from the start of the first day to the end of the last', () => {
    const params = voiceFilterParams({ ...NO_VOICE_FILTERS, from: '2026-03-01', to: '2026-03-02', unlistened: true });
    expect(params.get('unlistened')).toBe('true');
    expect(params.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });
});

describe('matchesVoiceFilters', () => {
  const message = aVoiceMessage({
    contact: aContact({ name: 'Ada Lovelace', phoneNumber: '+14155550123' }),
    transcript: 'Please call me back about the invoice',
    createdAt: new Date(2026, 2, 10, 12).toISOString(),
  });

  it('finds a caller by name, number (any punctuation) or transcript', () => {
    for (const q of ['ada', '+1415', '415-555-0123', 'INVOICE']) {
      expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, q }), q).toBe(true);
    }
    expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, q: 'grace' })).toBe(false);
  });

  it('applies the network, unlistened and the inclusive date range', () => {
    expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, networkId: 'other' })).toBe(false);
    expect(matchesVoiceFilters({ ...message, listened: true }, { ...NO_VOICE_FILTERS, unlistened: true })).toBe(false);
    expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, from: '2026-03-10', to: '2026-03-10' })).toBe(true);
    expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, from: '2026-03-11' })).toBe(false);
    expect(matchesVoiceFilters(message, { ...NO_VOICE_FILTERS, to: '2026-03-09' })).toBe(false);
  });
});

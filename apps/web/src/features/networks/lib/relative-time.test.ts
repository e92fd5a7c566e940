import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says nothing under a minute, so the page can say "just now"', () => {
    expect(relativeTime(ago(59), now, 'en')).toBeNull();
  });

  it('treats a time slightly in the future as now', () => {
    expect(relativeTime(ago(-5), now, 'en')).toBeNull();
  });

  it('uses the largest whole unit', () => {
    expect(relativeTime(ago(60), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(3 * 3600 + 59 * 60), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(400 * 24 * 3600), now, 'en')).toBe('last year');
  });

  it('speaks the user’s language', () => {
    expect(relativeTime(ago(120), now, 'de')).toBe('vor 2 Minuten');
    expect(relativeTime(ago(120), now, 'fr')).toBe('il y a 2 minutes');
  });

  it('ignores an unreadable time', () => {
    expect(relativeTime('not a date', now, 'en')).toBeNull();
  });
});

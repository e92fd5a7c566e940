import { getAllCountries, getTimezone } from 'countries-and-timezones';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { isTimeZone } from '@switchboard/contract';
import {
  COUNTRIES_WITHOUT_MAIN_ZONE,
  mainZoneOfCountry,
  mainZoneOfNumber,
  mainZones,
} from '../../src/lib/number-time-zone.js';
import { outOfQuietHours, outOfQuietHoursMs, zoneForRecipient } from '../../src/modules/campaigns/quiet-hours.js';

const NIGHT = { start: '21:00', end: '08:00' };

/** An instant written as a wall-clock time with its offset, e.g. 2026-03-08T01:30-05:00. */
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('outOfQuietHours', () => {
  it('keeps a message due outside the window', () => {
    const due = at('2026-06-10T12:00:00+02:00');
    expect(outOfQuietHours(due, 'Europe/Berlin', NIGHT)).toBe(due);
    expect(outOfQuietHours(at('2026-06-10T20:59:59+02:00'), 'Europe/Berlin', NIGHT).getTime()).toBe(
      at('2026-06-10T20:59:59+02:00').getTime(),
    );
  });

  it('keeps every message when there are no quiet hours', () => {
    const due = at('2026-06-10T23:00:00+02:00');
    expect(outOfQuietHours(due, 'Europe/Berlin', null)).toBe(due);
  });

  it('moves a message due in a window spanning midnight to its end, before and after midnight', () => {
    expect(iso(outOfQuietHours(at('2026-06-10T21:00:00+02:00'), 'Europe/Berlin', NIGHT))).toBe(
      iso(at('2026-06-11T08:00:00+02:00')),
    );
    expect(iso(outOfQuietHours(at('2026-06-10T23:30:00+02:00'), 'Europe/Berlin', NIGHT))).toBe(
      iso(at('2026-06-11T08:00:00+02:00')),
    );
    expect(iso(outOfQuietHours(at('2026-06-11T03:00:00+02:00'), 'Europe/Berlin', NIGHT))).toBe(
      iso(at('2026-06-11T08:00:00+02:00')),
    );
    // The end itself is outside: the window is [start, end).
    expect(iso(outOfQuietHours(at('2026-06-11T08:00:00+02:00'), 'Europe/Berlin', NIGHT))).toBe(
      iso(at('2026-06-11T08:00:00+02:00')),
    );
  });

  it('reads a window that does not span midnight within one day', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(iso(outOfQuietHours(at('2026-06-10T12:45:00-04:00'), 'America/New_York', lunch))).toBe(
      iso(at('2026-06-10T13:30:00-04:00')),
    );
    const due = at('2026-06-10T23:00:00-04:00');
    expect(outOfQuietHours(due, 'America/New_York', lunch)).toBe(due);
    expect(outOfQuietHours(at('2026-06-10T11:59:00-04:00'), 'America/New_York', lunch).getTime()).toBe(
      at('2026-06-10T11:59:00-04:00').getTime(),
    );
  });

  it('reads the window in the zone given, not the server’s', () => {
    // 02:00 UTC is 22:00 the evening before in New York (quiet) and 12:00 in Sydney (not quiet).
    const due = at('2026-06-11T02:00:00Z');
    expect(iso(outOfQuietHours(due, 'America/New_York', NIGHT))).toBe(iso(at('2026-06-11T08:00:00-04:00')));
    expect(outOfQuietHours(due, 'Australia/Sydney', NIGHT)).toBe(due);
  });

  describe('New York (spring forward 8 March 2026 02:00 → 03:00, fall back 1 November 02:00 → 01:00)', () => {
    const zone = 'America/New_York';

    it('ends the night of the spring change at 08:00 daylight time (12:00 UTC, not 13:00)', () => {
      expect(iso(outOfQuietHours(at('2026-03-07T23:00:00-05:00'), zone, NIGHT))).toBe('2026-03-08T12:00:00.000Z');
    });

    it('ends the night of the autumn change at 08:00 standard time (13:00 UTC)', () => {
      expect(iso(outOfQuietHours(at('2026-10-31T23:00:00-04:00'), zone, NIGHT))).toBe('2026-11-01T13:00:00.000Z');
    });

    it('ends a window whose end is in the skipped hour at the jump', () => {
      const window = { start: '22:00', end: '02:30' };
      // 01:00 EST → local 02:30 never happens; 03:00 EDT (07:00 UTC) is the first time past it.
      expect(iso(outOfQuietHours(at('2026-03-08T01:00:00-05:00'), zone, window))).toBe('2026-03-08T07:00:00.000Z');
      // Past the jump the window is over.
      const after = at('2026-03-08T03:10:00-04:00');
      expect(outOfQuietHours(after, zone, window)).toBe(after);
    });

    it('starts a window whose start is in the skipped hour at the jump', () => {
      const window = { start: '02:30', end: '06:00' };
      expect(iso(outOfQuietHours(at('2026-03-08T03:05:00-04:00'), zone, window))).toBe(
        iso(at('2026-03-08T06:00:00-04:00')),
      );
      const before = at('2026-03-08T01:59:00-05:00');
      expect(outOfQuietHours(before, zone, window)).toBe(before);
    });

    it('ends a window whose end is in the repeated hour at its first pass', () => {
      const window = { start: '22:00', end: '01:30' };
      // 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST): the first one ends it.
      expect(iso(outOfQuietHours(at('2026-11-01T00:30:00-04:00'), zone, window))).toBe('2026-11-01T05:30:00.000Z');
      const secondPass = at('2026-11-01T01:10:00-05:00');
      expect(outOfQuietHours(secondPass, zone, window)).toBe(secondPass);
    });
  });

  describe('Berlin (spring forward 29 March 2026 02:00 → 03:00, fall back 25 October 03:00 → 02:00)', () => {
    const zone = 'Europe/Berlin';

    it('ends the night of each change at 08:00 local', () => {
      expect(iso(outOfQuietHours(at('2026-03-28T22:00:00+01:00'), zone, NIGHT))).toBe('2026-03-29T06:00:00.000Z');
      expect(iso(outOfQuietHours(at('2026-10-24T22:00:00+02:00'), zone, NIGHT))).toBe('2026-10-25T07:00:00.000Z');
    });

    it('ends a window in the skipped hour at 03:00 summer time', () => {
      const window = { start: '23:00', end: '02:15' };
      expect(iso(outOfQuietHours(at('2026-03-29T01:30:00+01:00'), zone, window))).toBe('2026-03-29T01:00:00.000Z');
    });

    it('ends a window in the repeated hour at its first pass (summer time)', () => {
      const window = { start: '23:00', end: '02:30' };
      expect(iso(outOfQuietHours(at('2026-10-25T01:00:00+02:00'), zone, window))).toBe('2026-10-25T00:30:00.000Z');
    });

    it('holds a message until the end of a window that starts in the repeated hour', () => {
      const window = { start: '02:30', end: '05:00' };
      // Both passes of 02:45 are inside: the window began at the first 02:30.
      expect(iso(outOfQuietHours(at('2026-10-25T02:45:00+02:00'), zone, window))).toBe(
        iso(at('2026-10-25T05:00:00+01:00')),
      );
      expect(iso(outOfQuietHours(at('2026-10-25T02:45:00+01:00'), zone, window))).toBe(
        iso(at('2026-10-25T05:00:00+01:00')),
      );
    });
  });

  describe('Sydney (summer time ends 5 April 2026 03:00 → 02:00, starts 4 October 02:00 → 03:00)', () => {
    const zone = 'Australia/Sydney';

    it('ends the night of each change at 08:00 local', () => {
      // 5 April 08:00 is standard time (+10), 4 October 08:00 summer time (+11).
      expect(iso(outOfQuietHours(at('2026-04-04T23:00:00+11:00'), zone, NIGHT))).toBe('2026-04-04T22:00:00.000Z');
      expect(iso(outOfQuietHours(at('2026-10-03T23:00:00+10:00'), zone, NIGHT))).toBe('2026-10-03T21:00:00.000Z');
    });

    it('ends a window in the repeated hour at its first pass, in summer time', () => {
      const window = { start: '21:00', end: '02:30' };
      expect(iso(outOfQuietHours(at('2026-04-05T01:00:00+11:00'), zone, window))).toBe('2026-04-04T15:30:00.000Z');
    });

    it('ends a window in the skipped hour at 03:00 summer time', () => {
      const window = { start: '21:00', end: '02:30' };
      expect(iso(outOfQuietHours(at('2026-10-04T01:00:00+10:00'), zone, window))).toBe('2026-10-03T16:00:00.000Z');
    });
  });

  it('answers a whole day minute by minute as a wall clock would', () => {
    // Every minute of the New York spring-change day, against a direct reading of the clock.
    const zone = 'America/New_York';
    const first = at('2026-03-07T12:00:00Z').getTime();
    for (let minute = 0; minute < 48 * 60; minute += 7) {
      const due = first + minute * 60_000;
      const local = Temporal.Instant.fromEpochMilliseconds(due).toZonedDateTimeISO(zone);
      const quiet = local.hour >= 21 || local.hour < 8;
      const result = outOfQuietHoursMs(due, zone, NIGHT);
      if (!quiet) expect(result).toBe(due);
      else {
        const end = Temporal.Instant.fromEpochMilliseconds(result).toZonedDateTimeISO(zone);
        expect(end.hour * 60 + end.minute).toBe(8 * 60);
        expect(result - due).toBeLessThanOrEqual(11 * 3_600_000);
        expect(result).toBeGreaterThan(due);
      }
    }
  });

  it('answers 100,000 recipients in well under a second', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Kolkata'];
    const start = at('2026-06-10T18:00:00Z').getTime();
    const began = performance.now();
    for (let i = 0; i < 100_000; i++) outOfQuietHoursMs(start + i * 10, zones[i % 4]!, NIGHT);
    // ~0.3 µs a call from the cache; a few Temporal conversions per call (~15 µs each) would not fit.
    expect(performance.now() - began).toBeLessThan(2_000);
  });
});

describe('zoneForRecipient', () => {
  it('uses the contact’s own zone when it is a known one', () => {
    expect(zoneForRecipient('+12125550123', 'Europe/Berlin', 'UTC')).toBe('Europe/Berlin');
  });

  it('falls back to the main zone of the number’s country when the contact has none or an unknown one', () => {
    expect(zoneForRecipient('+12125550123', null, 'UTC')).toBe('America/New_York');
    expect(zoneForRecipient('+12125550123', 'Mars/Olympus', 'UTC')).toBe('America/New_York');
    expect(zoneForRecipient('+4930123456', null, 'UTC')).toBe('Europe/Berlin');
    expect(zoneForRecipient('+61291234567', null, 'UTC')).toBe('Australia/Sydney');
    expect(zoneForRecipient('+74951234567', null, 'UTC')).toBe('Europe/Moscow');
    expect(zoneForRecipient('+5511912345678', null, 'UTC')).toBe('America/Sao_Paulo');
    expect(zoneForRecipient('+442071234567', null, 'UTC')).toBe('Europe/London');
    expect(zoneForRecipient('+919876543210', null, 'UTC')).toBe('Asia/Kolkata');
  });

  it('tells countries that share a calling code apart', () => {
    expect(zoneForRecipient('+14165550123', null, 'UTC')).toBe('America/Toronto'); // Toronto, Canada
    expect(zoneForRecipient('+17875550123', null, 'UTC')).toBe('America/Puerto_Rico');
    expect(zoneForRecipient('+77012345678', null, 'UTC')).toBe('Asia/Almaty'); // Kazakh mobile
    expect(zoneForRecipient('+79123456789', null, 'UTC')).toBe('Europe/Moscow'); // Russian mobile
    // After a Canadian number the cache keeps the US answer for a US area code.
    expect(zoneForRecipient('+12125550199', null, 'UTC')).toBe('America/New_York');
  });

  it('falls back to the workspace’s zone when the number names no country', () => {
    expect(zoneForRecipient('+999123', null, 'Europe/Paris')).toBe('Europe/Paris');
    expect(zoneForRecipient('12345', null, 'Europe/Paris')).toBe('Europe/Paris');
    expect(mainZoneOfNumber('+1999')).toBeNull();
  });

  it('names a main zone for every country whose zones tell different times', () => {
    const countries = getAllCountries();
    const divided = Object.values(countries)
      .filter((country) => {
        const offsets = country.timezones.map((name) => {
          const zone = getTimezone(name);
          return `${zone?.utcOffset}/${zone?.dstOffset}`;
        });
        return new Set(offsets).size > 1;
      })
      .map((country) => country.id)
      .filter((id) => !COUNTRIES_WITHOUT_MAIN_ZONE.includes(id));
    expect(divided.filter((id) => !(id in mainZones()))).toEqual([]);
  });

  it('names a zone this runtime knows for every country', () => {
    for (const id of Object.keys(getAllCountries())) {
      const zone = mainZoneOfCountry(id);
      expect(zone && isTimeZone(zone), id).toBe(true);
    }
    // A country with one zone of its own among shared ones: Germany, not Switzerland's Zurich.
    expect(mainZoneOfCountry('DE')).toBe('Europe/Berlin');
    expect(mainZoneOfCountry('XX')).toBeNull();
  });
});

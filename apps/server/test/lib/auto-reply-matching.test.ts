import { renderReply, type KeywordMatch, type Trigger, type WeeklySchedule } from '@switchboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { isOpen, localMoment } from '../../src/modules/auto-reply/business-hours.js';
import {
  compileRules,
  firstMatch,
  normaliseText,
  type MatchableRule,
  type MatchFacts,
} from '../../src/modules/auto-reply/matching.js';
import { execPatternJobs, execPatterns } from '../../src/modules/auto-reply/regex-runner.js';

const MONDAY_NOON_UTC = new Date('2026-03-09T12:00:00Z');
const notFirst: MatchFacts = { isFirstMessage: () => Promise.resolve(false) };
const CAFE_NFC = 'caf\u00e9';
const CAFE_NFD = 'cafe\u0301';
const NY = 'America/New_York';

let nextId = 0;
function rule(trigger: Trigger, overrides: Partial<MatchableRule> = {}): MatchableRule {
  return {
    id: `rule-${String(++nextId).padStart(4, '0')}`,
    priority: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    trigger,
    timeZone: 'UTC',
    activeFrom: null,
    activeUntil: null,
    ...overrides,
  };
}
const keywords = (match: KeywordMatch, list: string[], caseSensitive = false): Trigger => ({
  type: 'keyword',
  match,
  keywords: list,
  caseSensitive,
});
/** Every day, the same ranges. */
const daily = (...ranges: [string, string][]): WeeklySchedule =>
  Array.from({ length: 7 }, () => ranges.map(([start, end]) => ({ start, end })));
const outsideHours = (schedule: WeeklySchedule, holidays: string[] = []): Trigger => ({
  type: 'outside-hours',
  schedule,
  holidays,
});

/** Asks the rules about a message; returns the answering rule's id and keyword, or null. */
async function ask(rules: MatchableRule[], body: string, at = MONDAY_NOON_UTC, facts = notFirst) {
  const match = await firstMatch(compileRules(rules), { body, at }, facts);
  return match && { id: match.rule.id, keyword: match.keyword };
}
/** The keyword a lone rule answers `body` with, or null when it stays silent. */
const keywordFor = async (trigger: Trigger, body: string) => (await ask([rule(trigger)], body))?.keyword ?? null;

describe('normaliseText', () => {
  it.each([
    ['  Price?! ', false, 'price'],
    ['Hello,   WORLD!', false, 'hello, world'],
    ['Hello,   WORLD!', true, 'Hello, WORLD'],
    ['a\t\n b', true, 'a b'],
    ['« Bonjour »', false, 'bonjour'],
    [CAFE_NFD, false, CAFE_NFC],
    ['CAFE\u0301', false, CAFE_NFC],
    ['؟ كم السعر؟', false, 'كم السعر'],
    [' 👍 ', false, '👍'],
    ['❤️', false, '❤'],
    ['?!', false, ''],
  ])('%j (case-sensitive %s) becomes %j', (text, caseSensitive, expected) => {
    expect(normaliseText(text, caseSensitive)).toBe(expected);
  });
});

describe('keyword triggers', () => {
  it.each<[KeywordMatch, string[], boolean, string, string | null]>([
    // exact: the whole message, surrounding spaces and punctuation ignored
    ['exact', ['PRICE'], false, 'price', 'PRICE'],
    ['exact', ['price'], false, 'PRICE', 'price'],
    ['exact', ['Price'], false, '  price?! ', 'Price'],
    ['exact', ['price'], false, '¿¡Price!?', 'price'],
    ['exact', ['price list'], false, 'Price    list', 'price list'],
    ['exact', ['price list'], false, '\tprice\nlist\n', 'price list'],
    ['exact', ['price'], false, 'price please', null],
    ['exact', ['price'], false, 'the price', null],
    ['exact', ['PRICE'], true, 'price', null],
    ['exact', ['PRICE'], true, ' PRICE! ', 'PRICE'],
    ['exact', ['Price'], true, 'PRICE', null],
    // first-word: the message starts with it, as a whole word
    ['first-word', ['price'], false, 'PRICE of a room?', 'price'],
    ['first-word', ['price'], false, '  Price, please', 'price'],
    ['first-word', ['price'], false, 'price', 'price'],
    ['first-word', ['price'], false, 'prices please', null],
    ['first-word', ['price'], false, 'what price?', null],
    ['first-word', ['book now'], false, 'Book   now for two', 'book now'],
    ['first-word', ['Price'], true, 'price please', null],
    ['first-word', ['Price'], true, 'Price please', 'Price'],
    // contains: whole words anywhere
    ['contains', ['price'], false, 'What is the PRICE?', 'price'],
    ['contains', ['price'], false, 'priceless', null],
    ['contains', ['price'], false, 'overprice', null],
    ['contains', ['price'], false, 'price2', null],
    ['contains', ['price'], false, 'a priceless price', 'price'],
    ['contains', ['opening hours'], false, 'your opening   HOURS?', 'opening hours'],
    ['contains', ['Price'], true, 'the price', null],
    ['contains', ['Price'], true, 'the Price!', 'Price'],
    // regex: found anywhere; {keyword} is the text it matched
    ['regex', ['pri[cz]e'], false, 'What PRIZE?', 'PRIZE'],
    ['regex', ['order\\s*#?\\d+'], false, 'Where is Order #123?', 'Order #123'],
    ['regex', ['price'], false, 'priceless', 'price'],
    ['regex', ['^Hi'], true, 'hi there', null],
    ['regex', ['^Hi'], true, 'Hi there', 'Hi'],
    ['regex', ['^\\d+$'], false, 'room 12', null],
    // Arabic: punctuation such as ؟ and ، is ignored; the article ال is part of the word
    ['contains', ['سعر'], false, 'ما هو سعر الغرفة؟', 'سعر'],
    ['contains', ['سعر'], false, 'كم السعر؟', null],
    ['exact', ['سعر'], false, '  سعر؟ ', 'سعر'],
    ['first-word', ['مرحبا'], false, 'مرحبا، كيف الحال', 'مرحبا'],
    ['first-word', ['مرحبا'], false, 'أهلا مرحبا', null],
    ['regex', ['(ال)?سعر'], false, 'كم السعر؟', 'السعر'],
    // accented text, in composed and decomposed form
    ['exact', [CAFE_NFC], false, 'CAFÉ!', CAFE_NFC],
    ['exact', ['CAFÉ'], false, CAFE_NFC, 'CAFÉ'],
    ['exact', [CAFE_NFC], false, CAFE_NFD, CAFE_NFC],
    ['exact', [CAFE_NFD], false, 'Café', CAFE_NFD],
    ['exact', ['Café'], true, CAFE_NFC, null],
    ['contains', ['cafe'], false, `un ${CAFE_NFC} noir`, null],
    ['contains', ['cafe'], false, `un ${CAFE_NFD} noir`, null],
    ['contains', [CAFE_NFC], false, `un ${CAFE_NFD} noir`, CAFE_NFC],
    ['first-word', ['ÉTÉ'], false, 'été 2026', 'ÉTÉ'],
    ['regex', [CAFE_NFC], false, 'CAFE\u0301?', 'CAFÉ'],
    // emoji keywords and messages
    ['exact', ['👍'], false, ' 👍 ', '👍'],
    ['exact', ['👍'], false, '👍!!', '👍'],
    ['exact', ['👍'], false, '👍👍', null],
    ['contains', ['🍕'], false, 'one 🍕 please', '🍕'],
    ['contains', ['🍕'], false, '🍕🍕', '🍕'],
    ['contains', ['pizza'], false, 'pizza🍕', 'pizza'],
    ['contains', ['👍'], false, 'ok 👍🏽', '👍'],
    ['first-word', ['👋'], false, '👋 hello', '👋'],
    ['regex', ['[🍕🍔]'], false, 'one 🍔 please', '🍔'],
    // the emoji and the text-style heart are the same keyword, with or without the variation selector
    ['contains', ['❤'], false, 'love it ❤️', '❤'],
    ['exact', ['❤️'], false, '❤', '❤️'],
    // several keywords: the first of the rule's list that matches, as the rule spells it
    ['exact', ['cost', 'Price', 'tariff'], false, 'PRICE?', 'Price'],
    ['contains', ['cost', 'price'], false, 'price and cost', 'cost'],
    ['first-word', ['hi', 'hello'], false, 'Hello there', 'hello'],
    ['regex', ['\\bcost\\b', 'pri\\w+'], false, 'PRICES?', 'PRICES'],
    // a keyword of punctuation only is empty once normalised: it matches nothing
    ['contains', ['?'], false, 'Open today, or tomorrow?', null],
    ['first-word', ['!!'], false, '👋 hello', null],
    ['exact', ['?'], false, '?', null],
  ])('%s %j (case-sensitive: %s) on %j: matched keyword %j', async (match, list, caseSensitive, body, expected) => {
    expect(await keywordFor(keywords(match, list, caseSensitive), body)).toBe(expected);
  });

  describe.each(['', '   ', ' ?! '])('an empty message %j', (body) => {
    it.each<[string, Trigger]>([
      ['exact', keywords('exact', ['price'])],
      ['first-word', keywords('first-word', ['price'])],
      ['contains', keywords('contains', ['price'])],
      ['regex', keywords('regex', ['price'])],
      ['outside-hours while open', outsideHours(daily(['00:00', '24:00']))],
    ])('gets no answer from a %s rule', async (_, trigger) => {
      expect(await ask([rule(trigger)], body)).toBeNull();
    });

    it('is answered by an any-message rule', async () => {
      const any = rule({ type: 'any' });
      expect(await ask([rule(keywords('contains', ['price'])), any], body)).toEqual({ id: any.id, keyword: '' });
    });
  });
});

describe('the other triggers', () => {
  it('answers every message with an any-message rule, with an empty {keyword}', async () => {
    const any = rule({ type: 'any' });
    expect(await ask([any], 'Hello?')).toEqual({ id: any.id, keyword: '' });
  });

  it('answers a first-message rule only when the facts say it is the first', async () => {
    const welcome = rule({ type: 'first-message' });
    const first = { isFirstMessage: () => Promise.resolve(true) };
    expect(await ask([welcome], 'hello', MONDAY_NOON_UTC, first)).toEqual({ id: welcome.id, keyword: '' });
    expect(await ask([welcome], 'hello', MONDAY_NOON_UTC, notFirst)).toBeNull();
  });

  it('asks whether it is the first message only when a first-message rule is reached', async () => {
    const isFirstMessage = vi.fn(() => Promise.resolve(true));
    const price = rule(keywords('exact', ['price']), { priority: 1 });
    const welcome = rule({ type: 'first-message' }, { priority: 2 });
    expect(await ask([welcome, price], 'price', MONDAY_NOON_UTC, { isFirstMessage })).toMatchObject({ id: price.id });
    expect(isFirstMessage).not.toHaveBeenCalled();
    expect(await ask([welcome, price], 'hello', MONDAY_NOON_UTC, { isFirstMessage })).toMatchObject({
      id: welcome.id,
    });
    expect(isFirstMessage).toHaveBeenCalledTimes(1);
  });

  it.each([
    // 2026-03-09 is a Monday; open Monday all day, closed every other day
    ['Monday 20:00 UTC is Monday in London', false, 'Europe/London', '2026-03-09T20:00:00Z'],
    ['Monday 20:00 UTC is Tuesday 05:00 in Tokyo', true, 'Asia/Tokyo', '2026-03-09T20:00:00Z'],
    ['Monday 02:00 UTC is Sunday 22:00 in New York', true, NY, '2026-03-09T02:00:00Z'],
    ['Monday 14:59 UTC is Monday 23:59 in Tokyo', false, 'Asia/Tokyo', '2026-03-09T14:59:00Z'],
  ])('outside-hours across a time-zone boundary: %s, answers: %s', async (_, answers, timeZone, at) => {
    const mondayOnly = [[{ start: '00:00', end: '24:00' }], [], [], [], [], [], []];
    const closed = rule(outsideHours(mondayOnly), { timeZone });
    expect(await ask([closed], 'hello', new Date(at))).toEqual(answers ? { id: closed.id, keyword: '' } : null);
  });

  it.each([
    // open 09:00–17:00 local every day; the same UTC time of day falls on either side of 09:00
    ['New York springs forward', '2026-03-07T13:30:00Z', '2026-03-08T13:30:00Z', NY],
    ['New York falls back', '2026-11-01T13:30:00Z', '2026-10-31T13:30:00Z', NY],
    ['Berlin springs forward', '2026-03-28T07:30:00Z', '2026-03-29T07:30:00Z', 'Europe/Berlin'],
  ])(
    'outside-hours across a daylight-saving change: %s (answers at %s, not at %s)',
    async (_, closedAt, openAt, timeZone) => {
      const closed = rule(outsideHours(daily(['09:00', '17:00'])), { timeZone });
      expect(await ask([closed], 'hello', new Date(closedAt))).toEqual({ id: closed.id, keyword: '' });
      expect(await ask([closed], 'hello', new Date(openAt))).toBeNull();
    },
  );

  it('answers all day on a holiday, even inside the opening hours', async () => {
    const closed = rule(outsideHours(daily(['00:00', '24:00']), ['2026-03-10']), { timeZone: 'Asia/Tokyo' });
    expect(await ask([closed], 'hello', new Date('2026-03-09T14:59:00Z'))).toBeNull();
    expect(await ask([closed], 'hello', new Date('2026-03-09T15:00:00Z'))).toMatchObject({ id: closed.id });
  });
});

describe('the order rules are asked in', () => {
  const older = new Date('2026-01-01T00:00:00Z');
  const newer = new Date('2026-02-01T00:00:00Z');

  it.each<[string, Partial<MatchableRule>, Partial<MatchableRule>]>([
    ['the lower priority number', { priority: 1, createdAt: newer }, { priority: 2, createdAt: older }],
    ['on equal priority, the older rule', { priority: 3, createdAt: older }, { priority: 3, createdAt: newer }],
    [
      'on equal priority and age, the smaller id',
      { id: 'rule-a', createdAt: older },
      { id: 'rule-b', createdAt: older },
    ],
  ])('answers with %s', async (_, winner, loser) => {
    const first = rule({ type: 'any' }, winner);
    const second = rule(keywords('exact', ['hello']), loser);
    expect(compileRules([second, first]).map((c) => c.rule.id)).toEqual([first.id, second.id]);
    expect(await ask([second, first], 'hello')).toMatchObject({ id: first.id });
  });

  it('passes over a rule that does not match to the next one', async () => {
    const price = rule(keywords('exact', ['price']), { priority: 1 });
    const hours = rule(keywords('contains', ['open']), { priority: 2 });
    const any = rule({ type: 'any' }, { priority: 3 });
    expect(await ask([any, hours, price], 'Are you open?')).toEqual({ id: hours.id, keyword: 'open' });
  });
});

describe('active dates (inclusive, in the rule’s time zone)', () => {
  const period = { timeZone: 'Asia/Tokyo', activeFrom: '2026-03-10', activeUntil: '2026-03-12' };
  it.each<[string, Partial<MatchableRule>, string, boolean]>([
    ['the evening before the first day there', period, '2026-03-09T14:59:59Z', false],
    ['midnight of the first day there', period, '2026-03-09T15:00:00Z', true],
    ['the last minute of the last day there', period, '2026-03-12T14:59:59Z', true],
    ['midnight after the last day there', period, '2026-03-12T15:00:00Z', false],
    ['an open start', { ...period, activeFrom: null }, '2020-01-01T00:00:00Z', true],
    ['an open end', { ...period, activeUntil: null }, '2030-01-01T00:00:00Z', true],
    ['a one-day period in UTC', { activeFrom: '2026-03-10', activeUntil: '2026-03-10' }, '2026-03-10T23:59:00Z', true],
  ])('%s: answers %s', async (_, dates, at, answers) => {
    const seasonal = rule({ type: 'any' }, dates);
    expect(await ask([seasonal], 'hello', new Date(at))).toEqual(answers ? { id: seasonal.id, keyword: '' } : null);
  });
});

describe('regular expressions under a time limit', () => {
  // Built directly: saving would refuse it as unsafe (nested repetition).
  const catastrophic = () => new RegExp('^(a+)+$', 'iu');
  const attack = `${'a'.repeat(40)} price?`;

  it('gives up on a catastrophic pattern at the time limit and counts it as not matching', () => {
    const started = performance.now();
    expect(execPatterns([catastrophic()], attack, 20)).toEqual({ results: [null], timedOut: true });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('runs patterns again normally after a timeout', () => {
    execPatterns([catastrophic()], attack, 20);
    expect(execPatterns([/pri\w+/iu, /nothing/u], 'PRICES?', 20)).toEqual({
      results: ['PRICES', null],
      timedOut: false,
    });
  });

  it('takes the matches of only the slow message when several messages run together', () => {
    const jobs = [
      { patterns: [/pri\w+/iu], text: 'PRICES?' },
      { patterns: [catastrophic(), /price/iu], text: attack },
      { patterns: [], text: 'no rules with patterns' },
      { patterns: [/open/iu], text: 'Are you open?' },
    ];
    expect(execPatternJobs(jobs, 20)).toEqual([
      { results: ['PRICES'], timedOut: false },
      { results: [null, null], timedOut: true },
      { results: [], timedOut: false },
      { results: ['open'], timedOut: false },
    ]);
  });

  it('moves on to later rules when the patterns run out of time', async () => {
    // A rule whose pattern never went through the save check (compileRules trusts what was saved).
    const dangerous = rule(keywords('regex', [catastrophic().source]), { priority: 1 });
    // Past the limit every pattern of the message counts as not matching, the safe ones too.
    const safe = rule(keywords('regex', ['price']), { priority: 2 });
    const contains = rule(keywords('contains', ['price']), { priority: 3 });
    expect(await ask([dangerous, safe, contains], attack)).toEqual({ id: contains.id, keyword: 'price' });
  });
});

describe('business hours', () => {
  it.each([
    ['Monday evening in UTC', '2026-03-09T20:00:00Z', 'UTC', '2026-03-09 Mon 20:00'],
    ['Monday evening UTC is Tuesday morning in Tokyo', '2026-03-09T20:00:00Z', 'Asia/Tokyo', '2026-03-10 Tue 05:00'],
    ['Sunday 03:00 UTC is Saturday evening in New York', '2026-03-15T03:00:00Z', NY, '2026-03-14 Sat 23:00'],
    ['New York just before spring-forward', '2026-03-08T06:59:00Z', NY, '2026-03-08 Sun 01:59'],
    ['New York just after spring-forward', '2026-03-08T07:00:00Z', NY, '2026-03-08 Sun 03:00'],
    ['New York just before fall-back', '2026-11-01T05:59:00Z', NY, '2026-11-01 Sun 01:59'],
    ['New York just after fall-back (01:00 again)', '2026-11-01T06:00:00Z', NY, '2026-11-01 Sun 01:00'],
    ['Berlin just before spring-forward', '2026-03-29T00:59:00Z', 'Europe/Berlin', '2026-03-29 Sun 01:59'],
    ['Berlin just after spring-forward', '2026-03-29T01:00:00Z', 'Europe/Berlin', '2026-03-29 Sun 03:00'],
  ])('localMoment: %s (%s in %s is %s)', (_, at, timeZone, wallClock) => {
    const [date, day, clock] = wallClock.split(' ') as [string, string, string];
    expect(localMoment(new Date(at), timeZone)).toEqual({
      date,
      weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day),
      minutes: Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)),
    });
  });

  const split = daily(['09:00', '12:00'], ['14:00', '18:00'], ['20:00', '24:00']);
  it.each<[string, number, boolean]>([
    ['00:00', 0, false],
    ['08:59', 539, false],
    ['09:00', 540, true],
    ['11:59', 719, true],
    ['12:00', 720, false],
    ['13:59', 839, false],
    ['14:00', 840, true],
    ['17:59', 1079, true],
    ['18:00', 1080, false],
    ['20:00', 1200, true],
    ['23:59 (a range may end at 24:00)', 1439, true],
  ])('with several ranges a day, is open at %s: %s', (_, minutes, open) => {
    expect(isOpen(split, [], { date: '2026-03-11', weekday: 2, minutes })).toBe(open);
  });

  it('is closed all day on a holiday and on a day without ranges', () => {
    const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start: '00:00', end: '24:00' }] : []));
    expect(isOpen(weekdays, [], { date: '2026-03-11', weekday: 2, minutes: 600 })).toBe(true);
    expect(isOpen(weekdays, ['2026-03-11'], { date: '2026-03-11', weekday: 2, minutes: 600 })).toBe(false);
    expect(isOpen(weekdays, [], { date: '2026-03-14', weekday: 5, minutes: 600 })).toBe(false);
  });

  it.each<[string, string, string, string]>([
    [NY, 'spring-forward', '2026-03-07T13:30:00Z', '2026-03-08T13:30:00Z'],
    [NY, 'fall-back', '2026-11-01T13:30:00Z', '2026-10-31T13:30:00Z'],
    ['Europe/Berlin', 'spring-forward', '2026-03-28T07:30:00Z', '2026-03-29T07:30:00Z'],
  ])(
    '%s at %s: the same UTC time of day is outside hours on one side and inside on the other',
    (zone, _, closed, open) => {
      const nineToFive = daily(['09:00', '17:00']);
      expect(isOpen(nineToFive, [], localMoment(new Date(closed), zone))).toBe(false);
      expect(isOpen(nineToFive, [], localMoment(new Date(open), zone))).toBe(true);
    },
  );
});

describe('renderReply', () => {
  const values = { name: 'Amira', number: '+14155550123', keyword: 'PRICE', network: 'Main line', date: '2026-03-09' };
  it.each<[string, Partial<typeof values>, string]>([
    [
      'Hi {name}, {keyword} list for {number} on {network} ({date})',
      {},
      'Hi Amira, PRICE list for +14155550123 on Main line (2026-03-09)',
    ],
    ['{name} {name}!', {}, 'Amira Amira!'],
    ['Hello {name} and welcome', { name: '' }, 'Hello and welcome'],
    ['{name} thanks for writing', { name: '' }, 'thanks for writing'],
    ['Line one\n\nLine two {name}', { name: '' }, 'Line one\n\nLine two'],
    ['Hi {name}', { name: '{number}' }, 'Hi {number}'],
    ['Hi {name}', { name: '$& $1 Co' }, 'Hi $& $1 Co'],
    ['مرحبا {name}، السعر {keyword}', { name: 'أمل', keyword: 'سعر' }, 'مرحبا أمل، السعر سعر'],
  ])('fills %j with %j as %j', (template, overrides, expected) => {
    expect(renderReply(template, { ...values, ...overrides })).toBe(expected);
  });
});

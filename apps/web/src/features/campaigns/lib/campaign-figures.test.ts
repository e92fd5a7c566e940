import type { CampaignCounts } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { deliveryRate, formatDuration, optOutRate, progressPercent } from './campaign-figures';

const counts = (change: Partial<CampaignCounts>): CampaignCounts => ({
  recipients: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  cancelled: 0,
  optedOut: 0,
  replied: 0,
  segments: 0,
  ...change,
});

describe('campaign figures', () => {
  it('rates delivery over the messages that left, and opt-outs over the recipients', () => {
    const c = counts({ recipients: 10, queued: 4, sent: 1, delivered: 4, failed: 1, optedOut: 2 });
    expect(deliveryRate(c)).toBeCloseTo(4 / 6);
    expect(optOutRate(c)).toBeCloseTo(0.2);
    expect(progressPercent(c)).toBeCloseTo(60);
  });

  it('has no rate before anything left', () => {
    expect(deliveryRate(counts({ recipients: 3, queued: 3 }))).toBeNull();
    expect(optOutRate(counts({}))).toBeNull();
    expect(progressPercent(counts({}))).toBe(0);
  });

  it('writes a duration as its two largest units', () => {
    expect(formatDuration(3725, 'en')).toBe('1 hr 2 min');
    expect(formatDuration(42, 'en')).toBe('42 sec');
    expect(formatDuration(0, 'en')).toBe('0 sec');
  });
});

import type { Campaign, CampaignCounts, CampaignReview } from '@switchboard/contract';

export const NO_COUNTS: CampaignCounts = {
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
};

/** A campaign as the API answers it: a fresh draft unless changed. */
export function aCampaign(change: Partial<Campaign> = {}): Campaign {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Spring sale',
    state: 'draft',
    networkIds: [],
    audience: { all: false, listIds: [], tags: [], excludeListIds: [], excludeTags: [] },
    body: '',
    schedule: { sendAt: null, timeZone: null },
    ratePerSecond: 10,
    quietHours: null,
    counts: NO_COUNTS,
    exclusions: null,
    failureReason: null,
    createdBy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin' },
    createdByApiKey: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...change,
  };
}

export function aReview(change: Partial<CampaignReview> = {}): CampaignReview {
  return {
    recipients: 3,
    exclusions: { optedOut: 1, invalid: 0, duplicate: 0, missingVariable: 0 },
    totalSegments: 3,
    maxSegmentsPerRecipient: 1,
    encoding: 'GSM-7',
    quota: { remaining: 1000, after: 997 },
    effectiveRatePerSecond: 10,
    estimatedSeconds: 1,
    sample: null,
    problems: [],
    ...change,
  };
}

export { stubFetch, type SentRequest } from '../../../test/stub-fetch';

import type { Campaign, CampaignCounts } from '@switchboard/contract';
import type { CampaignRow } from './campaigns.repository.js';

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** Counts by message state (plus `segments`) and the replies and opt-outs since the start. */
export function toCounts(
  byState: Record<string, number> | undefined,
  responses: { replied: number; optedOut: number },
): CampaignCounts {
  const n = (state: string) => byState?.[state] ?? 0;
  return {
    recipients: ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'].reduce((sum, s) => sum + n(s), 0),
    queued: n('queued'),
    sending: n('sending'),
    sent: n('sent'),
    delivered: n('delivered'),
    failed: n('failed'),
    cancelled: n('cancelled'),
    optedOut: responses.optedOut,
    replied: responses.replied,
    segments: n('segments'),
  };
}

export function toCampaign(
  row: CampaignRow,
  counts: CampaignCounts,
  createdBy: Campaign['createdBy'],
  createdByApiKey: Campaign['createdByApiKey'],
): Campaign {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    networkIds: row.networkIds,
    audience: row.audience,
    body: row.body,
    schedule: { sendAt: iso(row.sendAt), timeZone: row.scheduleTimeZone },
    ratePerSecond: row.ratePerSecond,
    quietHours: row.quietHours ?? null,
    counts,
    exclusions: row.exclusions ?? null,
    failureReason: row.failureReason,
    createdBy,
    createdByApiKey,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

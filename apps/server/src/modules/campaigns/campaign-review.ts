import type { CampaignReview } from '@switchboard/contract';
import { countSegments } from '../../lib/sms-segments.js';
import type { CampaignsDeps } from './campaign-context.js';
import type { Prepared } from './campaign-prepare.js';
import { toCounts } from './campaign-view.js';
import type { CampaignRow } from './campaigns.repository.js';

/** A draft's review: what starting it now would queue (the same computation as the start). */
export function reviewOfPlan(prepared: Prepared, sampleContactId?: string): CampaignReview {
  const { plan, shares, remaining } = prepared;
  const rate = [...shares.values()].reduce((sum, share) => sum + share, 0);
  let index = sampleContactId ? plan.contactIds.indexOf(sampleContactId) : 0;
  if (index < 0) index = 0;
  const sample =
    plan.contactIds.length > 0
      ? {
          contactId: plan.contactIds[index]!,
          to: plan.phoneNumbers[index]!,
          name: null,
          body: plan.bodies[index]!,
          encoding: plan.encodings[index]!,
          segments: plan.segments[index]!,
        }
      : null;
  return {
    recipients: plan.contactIds.length,
    exclusions: plan.exclusions,
    totalSegments: plan.totalSegments,
    maxSegmentsPerRecipient: plan.maxSegments,
    encoding: plan.encoding,
    quota: { remaining, after: remaining === null ? null : remaining - plan.totalSegments },
    effectiveRatePerSecond: rate,
    estimatedSeconds: rate > 0 ? Math.ceil(plan.contactIds.length / rate) : 0,
    sample,
    problems: prepared.problems,
  };
}

/** A started campaign's review: what it queued (its messages), not what its audience is now. */
export async function startedReview(deps: CampaignsDeps, row: CampaignRow): Promise<CampaignReview> {
  const messages = deps.messaging.campaignMessages;
  const [counts, shape, first, remaining] = await Promise.all([
    messages.countsByState(row.workspaceId, [row.id]).then((byId) => byId.get(row.id) ?? {}),
    messages.shape(row.workspaceId, row.id),
    messages.recipients(row.workspaceId, row.id, {}, undefined, 1),
    deps.workspaces.remainingSegments(row.workspaceId),
  ]);
  const recipients = toCounts(counts, { replied: 0, optedOut: 0 }).recipients;
  const rate = Object.values(row.networkRates ?? {}).reduce((sum, share) => sum + share, 0);
  const sample = first.rows[0];
  return {
    recipients,
    exclusions: row.exclusions ?? { optedOut: 0, invalid: 0, duplicate: 0, missingVariable: 0 },
    totalSegments: counts.segments ?? 0,
    maxSegmentsPerRecipient: shape.maxSegments,
    encoding: shape.ucs2 ? 'UCS-2' : 'GSM-7',
    // Already booked: what is left now is what is left after it.
    quota: { remaining, after: remaining },
    effectiveRatePerSecond: rate,
    estimatedSeconds: rate > 0 ? Math.ceil(recipients / rate) : 0,
    sample: sample
      ? {
          contactId: sample.contactId,
          to: sample.phoneNumber,
          name: sample.name,
          body: sample.body,
          encoding: countSegments(sample.body).encoding,
          segments: sample.segments,
        }
      : null,
    problems: [],
  };
}

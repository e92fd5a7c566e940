import { personalise, type CampaignReview, type Message } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { TxContext } from '../messaging/messaging.service.js';
import type { CampaignContext } from './campaign-context.js';
import { createCampaignPrepare, type Prepared } from './campaign-prepare.js';
import type { CampaignRow } from './campaigns.repository.js';

/**
 * Review and start: the audience read once, every text personalised and counted, networks and
 * due times assigned in memory (campaign-plan.ts), then — for a start — the quota booked and every
 * message queued in one statement, in the transaction that holds the campaign's row.
 */
export function createCampaignLaunch(ctx: CampaignContext) {
  const { deps, repo } = ctx;
  const prepare = createCampaignPrepare(ctx);

  function review(prepared: Prepared, sampleContactId?: string): CampaignReview {
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

  /** In the caller's transaction, on the locked row: queues everything and marks it sending. */
  async function launch(row: CampaignRow, within: TxContext): Promise<CampaignRow> {
    const prepared = await prepare(row, within.tx);
    const blocking = prepared.problems.filter((p) => p.code !== 'QUOTA_EXCEEDED');
    if (blocking.length) throw new AppError('CAMPAIGN_NOT_READY', blocking.map((p) => p.message).join(' '));
    const { plan } = prepared;
    await deps.messaging.queueMany(
      {
        workspaceId: row.workspaceId,
        campaignId: row.id,
        contactIds: plan.contactIds,
        networkIds: plan.networkIds,
        bodies: plan.bodies,
        encodings: plan.encodings,
        segments: plan.segments,
        dues: plan.dues,
        at: new Date(),
      },
      plan.totalSegments,
      within,
    );
    return repo.setState(
      row.workspaceId,
      row.id,
      'sending',
      {
        networkRates: Object.fromEntries(prepared.shares),
        exclusions: plan.exclusions,
        startedAt: new Date(),
        finishedAt: null,
        failureReason: null,
      },
      within.tx,
    );
  }

  return {
    prepare,
    launch,

    async review(workspaceId: string, id: string, sampleContactId?: string): Promise<CampaignReview> {
      const row = await repo.find(workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such campaign in this workspace.');
      const result = review(await prepare(row), sampleContactId);
      if (result.sample) {
        const [contact] = await deps.contacts.audience(
          workspaceId,
          { all: true, listIds: [], tags: [], excludeListIds: [], excludeTags: [] },
          { withFields: false, onlyContactId: result.sample.contactId },
        );
        result.sample.name = contact?.name ?? null;
      }
      return result;
    },

    /** The campaign's text, personalised for `contactId` (or with its defaults), to one number. */
    async test(workspaceId: string, id: string, to: string, contactId?: string): Promise<Message> {
      const row = await repo.find(workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such campaign in this workspace.');
      const networkId = row.networkIds[0];
      if (!networkId) throw new AppError('CAMPAIGN_NOT_READY', 'Choose a network to send through.');
      if (!row.body.trim()) throw new AppError('CAMPAIGN_NOT_READY', 'Write the text to send.');
      let values: Record<string, string | null> = { number: to };
      if (contactId) {
        const [contact] = await deps.contacts.audience(
          workspaceId,
          { all: true, listIds: [], tags: [], excludeListIds: [], excludeTags: [] },
          { withFields: true, onlyContactId: contactId },
        );
        if (!contact) throw new AppError('NOT_FOUND', 'No such contact in this workspace.');
        values = { ...contact.customFields, name: contact.name, number: contact.phoneNumber };
      }
      const { text } = personalise(row.body, values);
      return deps.messaging.queue({ workspaceId, networkId, to, body: text, origin: 'test' });
    },
  };
}

export type CampaignLaunch = ReturnType<typeof createCampaignLaunch>;

import { personalise, type CampaignReview, type Message } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { TxContext } from '../messaging/messaging.service.js';
import type { CampaignContext } from './campaign-context.js';
import { createCampaignPrepare } from './campaign-prepare.js';
import { reviewOfPlan, startedReview } from './campaign-review.js';
import type { CampaignRow } from './campaigns.repository.js';

/**
 * Review and start: the audience read once, every text personalised and counted, networks and
 * due times assigned in memory (campaign-plan.ts), then — for a start — the quota booked and every
 * message queued in one statement, in the transaction that holds the campaign's row.
 */
export function createCampaignLaunch(ctx: CampaignContext) {
  const { deps, repo } = ctx;
  const prepare = createCampaignPrepare(ctx);

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
      if (row.startedAt) return startedReview(deps, row);
      const result = reviewOfPlan(await prepare(row), sampleContactId);
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

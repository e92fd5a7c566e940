import {
  CampaignAudienceSchema,
  type Campaign,
  type CampaignState,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { CampaignContext } from './campaign-context.js';
import type { TxContext } from '../messaging/messaging.service.js';
import type { CampaignCreator, CampaignValues } from './campaigns.repository.js';

const notFound = () => new AppError('NOT_FOUND', 'No such campaign in this workspace.');

/** The draft's fields as stored (validated by the contract's schemas at the route). */
function valuesOf(body: UpdateCampaignBody): CampaignValues {
  const values: CampaignValues = {};
  if (body.name !== undefined) values.name = body.name.trim();
  if (body.networkIds !== undefined) values.networkIds = [...new Set(body.networkIds)];
  if (body.audience !== undefined) values.audience = CampaignAudienceSchema.parse(body.audience);
  if (body.body !== undefined) values.body = body.body;
  if (body.schedule !== undefined) {
    values.sendAt = body.schedule.sendAt ? new Date(body.schedule.sendAt) : null;
    values.scheduleTimeZone = body.schedule.timeZone;
  }
  if (body.ratePerSecond !== undefined) values.ratePerSecond = body.ratePerSecond;
  if (body.quietHours !== undefined) values.quietHours = body.quietHours;
  return values;
}

/** Campaigns as drafts (create, edit, delete) and their reads. */
export function createCampaignDrafts(ctx: CampaignContext) {
  const { deps, repo } = ctx;

  /** Every network named must be the workspace's (404 otherwise). */
  async function checkNetworks(workspaceId: string, ids: string[] | undefined, outer?: TxContext) {
    for (const id of ids ?? []) await deps.networks.runtimeInWorkspace(workspaceId, id, outer?.tx);
  }

  async function insert(workspaceId: string, creator: CampaignCreator, body: CreateCampaignBody, outer?: TxContext) {
    await checkNetworks(workspaceId, body.networkIds, outer);
    const values = valuesOf(body);
    const row = await repo.insert(
      workspaceId,
      creator,
      { ...values, name: values.name!, audience: values.audience ?? CampaignAudienceSchema.parse({}) },
      outer?.tx,
    );
    return ctx.announce(row, outer);
  }

  return {
    create: (workspaceId: string, userId: string, body: CreateCampaignBody): Promise<Campaign> =>
      insert(workspaceId, { createdBy: userId }, body),

    /**
     * A draft made through the developer API, naming the key (`POST /api/v1/campaigns`); in the
     * caller's transaction when given (its Idempotency-Key's).
     */
    createByApiKey: (
      workspaceId: string,
      apiKey: { id: string; name: string },
      body: CreateCampaignBody,
      outer?: TxContext,
    ): Promise<Campaign> =>
      insert(workspaceId, { createdByApiKeyId: apiKey.id, createdByApiKeyName: apiKey.name }, body, outer),

    async get(workspaceId: string, id: string): Promise<Campaign> {
      const row = await repo.find(workspaceId, id);
      if (!row) throw notFound();
      return ctx.view(row);
    },

    /** Campaigns by id as other modules name them (the inbox's thread); unknown ids are left out. */
    names: (workspaceId: string, ids: string[]): Promise<Array<{ id: string; name: string }>> =>
      repo.names(workspaceId, [...new Set(ids)]),

    async page(
      workspaceId: string,
      state: CampaignState | undefined,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ campaigns: Campaign[]; nextCursor: string | null }> {
      const { rows, nextCursor } = await repo.page(workspaceId, state, cursor, limit);
      return { campaigns: await ctx.views(rows), nextCursor };
    },

    async update(workspaceId: string, id: string, body: UpdateCampaignBody): Promise<Campaign> {
      await checkNetworks(workspaceId, body.networkIds);
      const row = await ctx.transaction(async ({ tx }) => {
        const locked = await repo.lock(workspaceId, id, tx);
        if (!locked) throw notFound();
        if (locked.state !== 'draft')
          throw new AppError('CAMPAIGN_STATE_CONFLICT', `A ${locked.state} campaign cannot be edited.`);
        return repo.update(workspaceId, id, valuesOf(body), tx);
      });
      return ctx.announce(row);
    },

    async delete(workspaceId: string, id: string): Promise<void> {
      await ctx.transaction(async ({ tx }) => {
        const locked = await repo.lock(workspaceId, id, tx);
        if (!locked) throw notFound();
        if (locked.state !== 'draft')
          throw new AppError('CAMPAIGN_STATE_CONFLICT', `A ${locked.state} campaign cannot be deleted.`);
        await repo.delete(workspaceId, id, tx);
      });
      ctx.forget(id);
    },
  };
}

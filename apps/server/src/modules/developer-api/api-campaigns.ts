import type {
  ApiCampaign,
  ApiCampaignRecipient,
  ApiCreateCampaignBody,
  ApiUpdateCampaignBody,
  Campaign,
  CampaignState,
  CampaignThroughput,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { CampaignsService } from '../campaigns/campaigns.service.js';
import type { TxContext } from '../messaging/messaging.service.js';
import type { ApiKeys } from './api-keys.js';
import type { ApiCaller } from './api-key-auth.js';

/** The public shape: the admin screens' campaign without its internals, its creator typed. */
export function toApiCampaign(campaign: Campaign): ApiCampaign {
  const { createdBy, createdByApiKey } = campaign;
  return {
    id: campaign.id,
    name: campaign.name,
    state: campaign.state,
    body: campaign.body,
    networkIds: campaign.networkIds,
    audience: campaign.audience,
    schedule: campaign.schedule,
    ratePerSecond: campaign.ratePerSecond,
    quietHours: campaign.quietHours,
    counts: campaign.counts,
    exclusions: campaign.exclusions,
    failureReason: campaign.failureReason,
    createdBy: createdByApiKey
      ? { type: 'api_key', id: createdByApiKey.id, name: createdByApiKey.name }
      : createdBy && { type: 'user', id: createdBy.id, name: createdBy.name },
    createdAt: campaign.createdAt,
    updatedAt: campaign.updatedAt,
    startedAt: campaign.startedAt,
    finishedAt: campaign.finishedAt,
  };
}

/** The state changes a developer may ask for (the admin screens' unschedule and retry stay there). */
export const API_CAMPAIGN_ACTIONS = ['start', 'pause', 'resume', 'cancel'] as const;
export type ApiCampaignAction = (typeof API_CAMPAIGN_ACTIONS)[number];

export interface ApiCampaignsDeps {
  campaigns: Pick<
    CampaignsService,
    'createByApiKey' | 'update' | 'delete' | 'get' | 'page' | 'recipients' | 'throughput' | ApiCampaignAction
  >;
  keys: Pick<ApiKeys, 'list'>;
}

/** `/api/v1/campaigns` over the campaigns service: the same rules as the admin screens. */
export function createApiCampaigns(deps: ApiCampaignsDeps) {
  const { campaigns } = deps;

  return {
    /**
     * The key a campaign is recorded as made by: the caller's (a token's key too), read before
     * the Idempotency-Key's transaction.
     */
    async creator(caller: ApiCaller): Promise<{ id: string; name: string }> {
      const key = (await deps.keys.list(caller.workspaceId)).find((k) => k.id === caller.keyId);
      if (!key) throw new AppError('API_KEY_INVALID', 'This API key no longer exists.');
      return { id: key.id, name: key.name };
    },

    /** A draft in the caller's transaction when given (its Idempotency-Key's). */
    create: async (
      workspaceId: string,
      apiKey: { id: string; name: string },
      body: ApiCreateCampaignBody,
      within?: TxContext,
    ): Promise<ApiCampaign> => toApiCampaign(await campaigns.createByApiKey(workspaceId, apiKey, body, within)),

    /** A draft's fields (409 `CAMPAIGN_STATE_CONFLICT` once it left the draft state). */
    update: async (workspaceId: string, id: string, body: ApiUpdateCampaignBody): Promise<ApiCampaign> =>
      toApiCampaign(await campaigns.update(workspaceId, id, body)),

    /** Deletes a draft (409 `CAMPAIGN_STATE_CONFLICT` otherwise: a started campaign is a record of what was sent). */
    delete: (workspaceId: string, id: string): Promise<void> => campaigns.delete(workspaceId, id),

    async list(workspaceId: string, state: CampaignState | undefined, cursor: string | undefined, limit: number) {
      const page = await campaigns.page(workspaceId, state, cursor, limit);
      return { campaigns: page.campaigns.map(toApiCampaign), next: page.nextCursor };
    },

    async get(workspaceId: string, id: string): Promise<{ campaign: ApiCampaign; throughput: CampaignThroughput }> {
      const campaign = await campaigns.get(workspaceId, id);
      return { campaign: toApiCampaign(campaign), throughput: await campaigns.throughput(workspaceId, id) };
    },

    /** Start, pause, resume or cancel on the campaign's locked row (409 `CAMPAIGN_STATE_CONFLICT` from the wrong state). */
    act: async (workspaceId: string, id: string, action: ApiCampaignAction, within?: TxContext) =>
      toApiCampaign(await campaigns[action](workspaceId, id, within)),

    async recipients(
      workspaceId: string,
      id: string,
      state: ApiCampaignRecipient['state'] | undefined,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ recipients: ApiCampaignRecipient[]; next: string | null }> {
      const page = await campaigns.recipients(workspaceId, id, { state }, cursor, limit);
      return { recipients: page.recipients, next: page.nextCursor };
    },
  };
}

export type ApiCampaigns = ReturnType<typeof createApiCampaigns>;

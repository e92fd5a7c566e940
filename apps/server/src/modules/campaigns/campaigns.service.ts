import type { FastifyBaseLogger } from 'fastify';
import { createCampaignContext, type CampaignsDeps } from './campaign-context.js';
import { createCampaignControls } from './campaign-controls.js';
import { createCampaignDrafts } from './campaign-drafts.js';
import { createCampaignLaunch } from './campaign-launch.js';
import { createCampaignReports } from './campaign-reports.js';
import { createCampaignTicker } from './campaign-ticker.js';
import { createCampaignsRepository } from './campaigns.repository.js';

export type { CampaignsDeps } from './campaign-context.js';

/**
 * Bulk campaigns (issue 13): drafts, the server-computed review, the start that queues every
 * recipient's message in one transaction, the state machine, reports, and a ticker for
 * schedules, completion and progress. Its messages belong to messaging (queueMany and
 * campaignMessages); its audience to contacts. `isSending` is the dispatchers' gate.
 */
export function createCampaignsService(deps: CampaignsDeps & { log: FastifyBaseLogger }) {
  const ctx = createCampaignContext(deps, createCampaignsRepository(deps.db));
  const launch = createCampaignLaunch(ctx);
  const drafts = createCampaignDrafts(ctx);
  const ticker = createCampaignTicker(ctx, launch, deps.log);
  return {
    ...drafts,
    ...createCampaignControls(ctx, launch),
    ...createCampaignReports(ctx),
    review: launch.review,
    test: launch.test,
    isSending: ctx.isSending,
    ticker,
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../composition.js';
import type { Db } from '../db/database.js';
import { seedDemoAutoReplies } from './demo-auto-replies.js';
import { seedDemoCampaign } from './demo-campaign.js';
import { seedDemoConversations } from './demo-conversations.js';
import { seedDemoWorkspace } from './demo-seed.js';

/**
 * DEMO_SEED: on a new database, the Demo workspace with its accounts, a few SMS conversations
 * made through the pipeline, a finished campaign to a few of them, the demo auto-reply rules and
 * two voice messages; all through the services, as a person using the app would make them.
 * Returns whether it seeded.
 */
export async function seedDemoData(services: Services, db: Db, log: FastifyBaseLogger): Promise<boolean> {
  const workspaceId = await seedDemoWorkspace(db, services);
  if (!workspaceId) return false;
  const sandbox = (await services.networks.list(workspaceId)).find((network) => network.kind === 'sandbox');
  if (!sandbox) return true;
  const demoSandbox = { id: sandbox.id, workspaceId };
  await seedDemoConversations(services, demoSandbox);
  // Before the rules: the campaign's reply is answered by none of them.
  await seedDemoCampaign(services, demoSandbox);
  await seedDemoAutoReplies(services.autoReply, workspaceId);
  // Demo recordings are a nicety: a files directory that cannot be written must not stop the start.
  await services.voice
    .seedDemo(demoSandbox)
    .catch((error: unknown) => log.warn({ err: error }, 'no demo voice messages'));
  return true;
}

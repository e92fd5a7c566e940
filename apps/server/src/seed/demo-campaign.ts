import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from '../composition.js';
import type { DemoSandbox } from './demo-conversations.js';

/** The demo threads' customers (Maria is a supplier); the STOP sender is left out by the start. */
const CUSTOMERS = ['+4930123456', '+33612345678', '+971501234567', '+16175550148'];
const REPLY = { from: '+4930123456', body: 'Gilt das auch im Laden am Samstag?' };
const SEND_WAIT_MS = 10_000;

/**
 * A finished campaign, so the campaigns page is not empty on first start: the demo customers
 * tagged `customer`, a draft and its start through the campaigns service (the opted-out one is
 * left out, as in any start), its messages sent by the sandbox, one customer's reply through the
 * pipeline, then the ticker's pass that completes it.
 */
export async function seedDemoCampaign(
  { contacts, campaigns, messaging, users }: Pick<Services, 'contacts' | 'campaigns' | 'messaging' | 'users'>,
  sandbox: DemoSandbox,
): Promise<void> {
  const { workspaceId } = sandbox;
  const admin = (await users.members.list(workspaceId)).find((member) => member.role === 'admin');
  for (const number of CUSTOMERS) {
    const contact = await contacts.findByNumber(workspaceId, number);
    if (contact)
      await contacts.update(workspaceId, contact.id, { tags: [...contact.tags, 'customer'] }, { source: 'import' });
  }
  const draft = await campaigns.create(workspaceId, admin!.id, {
    name: 'Spring sale',
    networkIds: [sandbox.id],
    audience: { tags: ['customer'] },
    body: 'Hi {name|there}, our spring sale starts today: 20% off everything until Sunday. Reply STOP to opt out.',
    ratePerSecond: 10,
    quietHours: null,
  });
  await campaigns.start(workspaceId, draft.id);
  // The sandbox's dispatcher sends it (the queue wakes it even before the app listens) at 10 a
  // second; the reply comes after. A dispatcher that is not there (another instance holds the
  // sandbox) leaves the rest to the running app.
  if (!(await sent(messaging, draft.id))) return;

  await messaging.host.receiveInbound({
    networkId: sandbox.id,
    from: REPLY.from,
    body: REPLY.body,
    providerMessageId: 'demo-campaign-reply',
  });
  // Completes it now rather than on the ticker's first second.
  await campaigns.ticker.tick();
}

/** Waits until the campaign has nothing queued or sending; false after SEND_WAIT_MS. */
async function sent(messaging: Services['messaging'], campaignId: string): Promise<boolean> {
  const deadline = Date.now() + SEND_WAIT_MS;
  while (await messaging.campaignMessages.hasUnfinished(campaignId)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

import type { Services } from '../composition.js';

/** The Demo workspace's sandbox network, which the demo conversations and voice messages use. */
export interface DemoSandbox {
  id: string;
  workspaceId: string;
}

interface DemoThread {
  from: string;
  name?: string;
  tags?: string[];
  /** Texts from the contact, oldest first, with how many minutes ago each came. */
  texts: Array<[body: string, minutesAgo: number]>;
  reply?: string;
  read?: boolean;
}

/** A few threads in the languages the app speaks, one of them a STOP, so the inbox shows its range. */
const DEMO_THREADS: DemoThread[] = [
  {
    from: '+14155550123',
    name: 'Maria Lopez',
    tags: ['supplier', 'invoice'],
    texts: [['Hi, this is Maria from Bay Plumbing. Did you get our invoice for last week?', 190]],
    reply: 'Hi Maria, yes, we got it. The payment goes out on Friday. Thanks!',
    read: true,
  },
  { from: '+4930123456', name: 'Jonas Weber', texts: [['Haben Sie am Samstag geöffnet?', 45]] },
  {
    from: '+33612345678',
    tags: ['delivery'],
    texts: [
      ['Bonjour, ma commande est arrivée.', 30],
      ['Merci pour la livraison rapide ! 😊', 29],
    ],
  },
  { from: '+16175550148', texts: [['STOP', 12]] },
  { from: '+971501234567', name: 'سارة', texts: [['مرحبا، هل المنتج متوفر؟', 5]] },
];

/**
 * Fills the Demo workspace's sandbox with a few conversations through the real pipeline: texts
 * come in through the inbound host (so STOP opts its sender out with a confirmation) and replies
 * are queued like a person's, then delivered by the sandbox once the app runs.
 */
export async function seedDemoConversations(
  { messaging, conversations, contacts }: Pick<Services, 'messaging' | 'conversations' | 'contacts'>,
  sandbox: DemoSandbox,
): Promise<void> {
  let n = 0;
  for (const thread of DEMO_THREADS) {
    let messageId = '';
    for (const [body, minutesAgo] of thread.texts) {
      ({ messageId } = await messaging.host.receiveInbound({
        networkId: sandbox.id,
        from: thread.from,
        body,
        providerMessageId: `demo-${++n}`,
        receivedAt: new Date(Date.now() - minutesAgo * 60_000),
      }));
    }
    const message = await messaging.get(sandbox.workspaceId, messageId);
    if (thread.name || thread.tags)
      // As an import would name them (no consent changes here: the STOP comes as a text).
      await contacts.update(
        sandbox.workspaceId,
        message.contactId,
        { name: thread.name, tags: thread.tags },
        { source: 'import' },
      );
    // A received text is always in its thread (only queued campaign messages wait for one).
    const conversationId = message.conversationId!;
    if (thread.reply) await conversations.reply(sandbox.workspaceId, conversationId, thread.reply);
    if (thread.read) await conversations.setUnread(sandbox.workspaceId, conversationId, false);
  }
}

import {
  CreateNetworkBodySchema,
  SendMessageBodySchema,
  UpdateNetworkBodySchema,
  type SendMessageBody,
} from '@switchboard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, conversations, messages } from '../../src/db/schema/index.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

const PHONE = '+12025550123';

describe('the message pipeline through the sandbox network', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  beforeAll(async () => {
    ({ t, workspaceId, sandboxId } = await servicesWithWorkspace('Owner'));
  });
  afterAll(() => t.close());

  /** The virtual phone texting the workspace. */
  const textWorkspace = (body: string, from = PHONE, networkId = sandboxId) => t.receive(networkId, from, body);
  /** A message as POST /api/messages sends it (the body read through the contract). */
  const send = (body: Omit<SendMessageBody, 'networkId'> & { networkId?: string }) =>
    t.services.messaging.queue({
      workspaceId,
      ...SendMessageBodySchema.parse({ networkId: sandboxId, ...body }),
      origin: 'reply',
    });
  const getMessage = (id: string) => t.services.messaging.get(workspaceId, id);

  it('stores a text from the virtual phone as received, with its contact and conversation', async () => {
    const { messageId, duplicate } = await textWorkspace('Hello there 👋');
    expect(duplicate).toBe(false);
    const message = await getMessage(messageId);
    expect(message).toMatchObject({ direction: 'in', state: 'received', encoding: 'UCS-2', segments: 1, origin: null });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, message.conversationId!));
    expect(conversation).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Hello there 👋', networkId: sandboxId });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, message.contactId));
    expect(contact!.phoneNumber).toBe(PHONE);
    await t.events.waitFor(workspaceId, 'message.created', (e) => e.message.id === messageId);
  });

  it('stores the same provider message once, however often a channel retries it', async () => {
    const input = { networkId: sandboxId, from: '+12025550144', body: 'retry me', providerMessageId: 'provider-42' };
    const results = await Promise.all([1, 2, 3].map(() => t.services.messaging.host.receiveInbound(input)));
    expect(new Set(results.map((r) => r.messageId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const stored = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.networkId, sandboxId), eq(messages.providerMessageId, 'provider-42')));
    expect(stored).toHaveLength(1);
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, stored[0]!.conversationId!));
    expect(conversation!.unreadCount).toBe(1);
  });

  it('sends a reply through queued → sending → sent → delivered, and the phone sees it', async () => {
    const message = await send({ to: PHONE, body: 'Thanks, see you at 5' });
    expect(message).toMatchObject({
      direction: 'out',
      state: 'queued',
      origin: 'reply',
      encoding: 'GSM-7',
      segments: 1,
    });
    await t.events.waitFor(
      workspaceId,
      'message.updated',
      (e) => e.message.id === message.id && e.message.state === 'delivered',
    );
    const delivered = await getMessage(message.id);
    expect(delivered.providerMessageId).toBe(`sandbox-${message.id}`);
    expect(delivered.attempts).toBe(1);
    expect(delivered.sentAt).not.toBeNull();
    expect(delivered.deliveredAt).not.toBeNull();
    const states = t.events
      .of(workspaceId, 'message.updated')
      .filter((e) => e.message.id === message.id)
      .map((e) => e.message.state);
    expect(states).toEqual(['sending', 'sent', 'delivered']);
    const thread = await t.services.messaging.threadWith(workspaceId, sandboxId, PHONE);
    expect(thread.map((m) => [m.direction, m.body])).toEqual([
      ['in', 'Hello there 👋'],
      ['out', 'Thanks, see you at 5'],
    ]);
  });

  it('counts segments and encoding for long and non-GSM texts', async () => {
    expect(await send({ to: PHONE, body: 'a'.repeat(161) })).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(await send({ to: PHONE, body: 'مرحبا'.repeat(15) })).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('refuses an invalid number, naming it', async () => {
    await expect(send({ to: '12345', body: 'hi' })).rejects.toMatchObject({
      code: 'INVALID_PHONE_NUMBER',
      message: expect.stringContaining('12345'),
    });
  });

  it('refuses to queue anything to an opted-out contact', async () => {
    await textWorkspace('STOP', '+12025550177');
    await t.db
      .update(contacts)
      .set({ optedOutAt: new Date() })
      .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneNumber, '+12025550177')));
    await expect(send({ to: '+12025550177', body: 'Come back!' })).rejects.toMatchObject({
      code: 'CONTACT_OPTED_OUT',
    });
    const queued = await t.db.select().from(messages).where(eq(messages.body, 'Come back!'));
    expect(queued).toHaveLength(0);
  });

  it('a disabled network refuses inbound and sends nothing', async () => {
    const { network } = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Second sandbox' }),
    );
    await t.services.networks.update(workspaceId, network.id, UpdateNetworkBodySchema.parse({ enabled: false }));
    await expect(textWorkspace('hi', PHONE, network.id)).rejects.toMatchObject({ code: 'NETWORK_DISABLED' });
    await expect(send({ networkId: network.id, to: PHONE, body: 'hi' })).rejects.toMatchObject({
      code: 'NETWORK_DISABLED',
    });
    expect(await t.db.select().from(messages).where(eq(messages.networkId, network.id))).toEqual([]);
  });

  it('keeps messages and networks to their workspace', async () => {
    const { messageId } = await textWorkspace('private');
    const stranger = await t.workspace('Stranger');
    await expect(t.services.messaging.get(stranger.workspaceId, messageId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      t.services.messaging.queue({
        workspaceId: stranger.workspaceId,
        networkId: sandboxId,
        to: PHONE,
        body: 'x',
        origin: 'reply',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('counts today’s messages per network', async () => {
    const sandbox = (await t.services.networks.list(workspaceId)).find((n) => n.id === sandboxId)!;
    expect(sandbox.stats.inToday).toBeGreaterThanOrEqual(3);
    expect(sandbox.stats.outToday).toBeGreaterThanOrEqual(3);
  });
});

import type { Message, MessageResponse, MessagesResponse, NetworksResponse } from '@switchboard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, conversations, messages } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PHONE = '+12025550123';

describe('the message pipeline through the sandbox network', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@sandbox.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@sandbox.example', 'editor');
    editor = await login(t.app, 'editor@sandbox.example');
    stranger = await register(t.app, 'owner@other-sandbox.example');
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks[0]!.id;
  });
  afterAll(() => t.close());

  const post = (who: SignedIn, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.authorization, payload });
  const textWorkspace = (body: string, from = PHONE) =>
    post(admin, `/api/networks/${sandboxId}/sandbox/messages`, { from, body });
  const getMessage = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/messages/${id}`, headers: admin.authorization })
    ).json<MessageResponse>().message;
  async function waitForState(id: string, state: Message['state'], timeoutMs = 5_000): Promise<Message> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const message = await getMessage(id);
      if (message.state === state) return message;
      if (Date.now() > end) throw new Error(`message ${id} is ${message.state}, expected ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('stores a text from the virtual phone as received, with its contact and conversation', async () => {
    const response = await textWorkspace('Hello there 👋');
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json<MessageResponse>();
    expect(message).toMatchObject({ direction: 'in', state: 'received', encoding: 'UCS-2', segments: 1, origin: null });
    const [conversation] = await t.app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, message.conversationId));
    expect(conversation).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Hello there 👋', networkId: sandboxId });
    const [contact] = await t.app.database.db.select().from(contacts).where(eq(contacts.id, message.contactId));
    expect(contact!.phoneNumber).toBe(PHONE);
  });

  it('stores the same provider message once, however often a channel retries it', async () => {
    const input = { networkId: sandboxId, from: '+12025550144', body: 'retry me', providerMessageId: 'provider-42' };
    const results = await Promise.all([1, 2, 3].map(() => t.app.services.messaging.host.receiveInbound(input)));
    expect(new Set(results.map((r) => r.messageId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const stored = await t.app.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.networkId, sandboxId), eq(messages.providerMessageId, 'provider-42')));
    expect(stored).toHaveLength(1);
    const [conversation] = await t.app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, stored[0]!.conversationId));
    expect(conversation!.unreadCount).toBe(1);
  });

  it('sends a reply through queued → sending → sent → delivered, and the phone sees it', async () => {
    const response = await post(admin, '/api/messages', {
      networkId: sandboxId,
      to: PHONE,
      body: 'Thanks, see you at 5',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json<MessageResponse>();
    expect(message).toMatchObject({
      direction: 'out',
      state: 'queued',
      origin: 'reply',
      encoding: 'GSM-7',
      segments: 1,
    });
    const delivered = await waitForState(message.id, 'delivered');
    expect(delivered.providerMessageId).toBe(`sandbox-${message.id}`);
    expect(delivered.attempts).toBe(1);
    expect(delivered.sentAt).not.toBeNull();
    expect(delivered.deliveredAt).not.toBeNull();
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/networks/${sandboxId}/sandbox/messages?number=${encodeURIComponent(PHONE)}`,
      headers: admin.authorization,
    });
    const bodies = thread.json<MessagesResponse>().messages.map((m) => [m.direction, m.body]);
    expect(bodies).toEqual([
      ['in', 'Hello there 👋'],
      ['out', 'Thanks, see you at 5'],
    ]);
  });

  it('counts segments and encoding for long and non-GSM texts', async () => {
    const long = await post(admin, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'a'.repeat(161) });
    expect(long.json<MessageResponse>().message).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    const arabic = await post(admin, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'مرحبا'.repeat(15) });
    expect(arabic.json<MessageResponse>().message).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('refuses an invalid number naming it, and an empty text', async () => {
    const bad = await post(admin, '/api/messages', { networkId: sandboxId, to: '12345', body: 'hi' });
    const body = expectErrorBody(bad, 400, 'INVALID_PHONE_NUMBER');
    expect(body.error).toContain('12345');
    expectErrorBody(
      await post(admin, '/api/messages', { networkId: sandboxId, to: PHONE, body: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(
      await post(admin, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'x'.repeat(1601) }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(await textWorkspace('hi', 'not a number'), 400, 'INVALID_PHONE_NUMBER');
  });

  it('refuses to queue anything to an opted-out contact', async () => {
    await textWorkspace('STOP', '+12025550177');
    await t.app.database.db
      .update(contacts)
      .set({ optedOutAt: new Date() })
      .where(and(eq(contacts.workspaceId, admin.userData.workspaceId), eq(contacts.phoneNumber, '+12025550177')));
    const refused = await post(admin, '/api/messages', {
      networkId: sandboxId,
      to: '+12025550177',
      body: 'Come back!',
    });
    expectErrorBody(refused, 409, 'CONTACT_OPTED_OUT');
    const queued = await t.app.database.db.select().from(messages).where(eq(messages.body, 'Come back!'));
    expect(queued).toHaveLength(0);
  });

  it('a disabled network refuses inbound and sends nothing', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'sandbox', name: 'Second sandbox' },
    });
    const id = other.json<{ network: { id: string } }>().network.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${id}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
    expectErrorBody(
      await post(admin, `/api/networks/${id}/sandbox/messages`, { from: PHONE, body: 'hi' }),
      403,
      'NETWORK_DISABLED',
    );
    expectErrorBody(
      await post(admin, '/api/messages', { networkId: id, to: PHONE, body: 'hi' }),
      403,
      'NETWORK_DISABLED',
    );
  });

  it('keeps messages and the virtual phone to their workspace and admins', async () => {
    const { message } = (await textWorkspace('private')).json<MessageResponse>();
    expectErrorBody(
      await t.app.inject({ method: 'GET', url: `/api/messages/${message.id}`, headers: stranger.authorization }),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(
      await post(stranger, `/api/networks/${sandboxId}/sandbox/messages`, { from: PHONE, body: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(
      await post(stranger, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(
      await post(editor, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'x' }),
      403,
      'FORBIDDEN',
    );
  });

  it('counts today’s messages per network', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    const sandbox = list.json<NetworksResponse>().networks.find((n) => n.id === sandboxId)!;
    expect(sandbox.stats.inToday).toBeGreaterThanOrEqual(3);
    expect(sandbox.stats.outToday).toBeGreaterThanOrEqual(3);
  });
});

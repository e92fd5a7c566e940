import type { ConversationListResponse, MessageEvent, NetworksResponse } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_MS, sleep, socketClients, waitUntil, workspaceTrio } from '../helpers/socket-clients.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('real-time socket: message, conversation and network events', () => {
  let t: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  let admin: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;

  beforeAll(async () => {
    t = await createTestApp();
    clients = await socketClients(t);
    ({ admin, stranger } = await workspaceTrio(t, 'msg-events'));
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks[0]!.id;
  });
  afterEach(() => clients.closeAll());
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: admin.authorization, payload });

  it('announces an inbound message and its conversation to the workspace only, after it is stored', async () => {
    const mine = await clients.connectAs(admin, 'message.created');
    const threads = await clients.connectAs(admin, 'conversation.updated');
    const theirs = await clients.connectAs(stranger, 'message.created');
    await post(`/api/networks/${sandboxId}/sandbox/messages`, { from: '+12025550123', body: 'Is the shop open?' });
    const created = await waitUntil(
      () => mine.seen.find((e) => e.message.body === 'Is the shop open?'),
      () => 'no message.created',
    );
    expect(created.message).toMatchObject({ direction: 'in', state: 'received', networkId: sandboxId });
    const thread = await waitUntil(
      () => threads.seen.find((e) => e.conversation.id === created.message.conversationId),
      () => 'no conversation.updated',
    );
    expect(thread.conversation).toMatchObject({ unreadCount: 1, contact: { phoneNumber: '+12025550123' } });
    await sleep(QUIET_MS);
    expect(theirs.seen).toHaveLength(0);
  });

  it('announces every state an outbound message moves through', async () => {
    const updates = await clients.connectAs(admin, 'message.updated');
    const response = await post('/api/messages', { networkId: sandboxId, to: '+12025550123', body: 'On our way' });
    const id = response.json<MessageEvent>().message.id;
    await waitUntil(
      () => updates.seen.find((e) => e.message.id === id && e.message.state === 'delivered'),
      () => `states seen: ${updates.seen.map((e) => e.message.state).join(', ')}`,
    );
    const states = updates.seen.filter((e) => e.message.id === id).map((e) => e.message.state);
    expect(states).toEqual(['sending', 'sent', 'delivered']);
  });

  it('announces a contact’s manual opt-out and opt-in to open browsers', async () => {
    await post(`/api/networks/${sandboxId}/sandbox/messages`, { from: '+12025550306', body: 'hello' });
    const { contact } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations?q=${encodeURIComponent('+12025550306')}`,
        headers: admin.authorization,
      })
    ).json<ConversationListResponse>().conversations[0]!;
    const { seen } = await clients.connectAs(admin, 'contact.updated');
    const patch = (optedOut: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${contact.id}`,
        headers: admin.authorization,
        payload: { optedOut },
      });
    await patch(true);
    const out = await waitUntil(
      () => seen.find(({ contact: c }) => c.id === contact.id && c.optedOutAt),
      () => 'contact.updated (opted out)',
      15_000,
    );
    await patch(false);
    await waitUntil(
      () => seen.slice(seen.indexOf(out) + 1).find(({ contact: c }) => c.id === contact.id && c.optedOutAt === null),
      () => 'contact.updated (opted in)',
      15_000,
    );
  });

  it('announces network changes', async () => {
    const networks = await clients.connectAs(admin, 'network.updated');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${sandboxId}`,
      headers: admin.authorization,
      payload: { name: 'Virtual phone' },
    });
    const event = await waitUntil(
      () => networks.seen.find((e) => e.network.name === 'Virtual phone'),
      () => 'no network.updated',
    );
    expect(event.network.id).toBe(sandboxId);
  });
});

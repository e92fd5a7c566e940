import type { MessageResponse, MessagesResponse, NetworksResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PHONE = '+12025550123';

// The pipeline's rules (storing once, dispatch and delivery, segments, opted-out contacts,
// disabled networks, today's counts) are tested in test/services/message-pipeline.test.ts;
// here: what the message and virtual-phone routes answer.
describe('the message and virtual-phone routes', () => {
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

  it('answers a text from the virtual phone, a message and the phone’s thread with the stored messages', async () => {
    const received = await textWorkspace('Hello there 👋');
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json<MessageResponse>().message).toMatchObject({ direction: 'in', state: 'received' });
    const sent = await post(admin, '/api/messages', { networkId: sandboxId, to: PHONE, body: 'Thanks, see you at 5' });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message } = sent.json<MessageResponse>();
    expect(message).toMatchObject({ direction: 'out', state: 'queued', origin: 'reply' });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${message.id}`,
      headers: admin.authorization,
    });
    expect(read.json<MessageResponse>().message.id).toBe(message.id);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/networks/${sandboxId}/sandbox/messages?number=${encodeURIComponent(PHONE)}`,
      headers: admin.authorization,
    });
    expect(thread.json<MessagesResponse>().messages.map((m) => [m.direction, m.body])).toEqual([
      ['in', 'Hello there 👋'],
      ['out', 'Thanks, see you at 5'],
    ]);
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

  it('answers 403 NETWORK_DISABLED to a text or a message on a disabled network', async () => {
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
});

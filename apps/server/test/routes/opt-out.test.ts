import {
  DEFAULT_COMPLIANCE_TEXTS,
  type ComplianceSettings,
  type Contact,
  type ConversationListResponse,
  type NetworksResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

// The rules (keywords, confirmations, texts, manual opt-out) are tested in test/services/opt-out.test.ts
// and the keyword table in test/lib/compliance-keywords.test.ts; here: what the routes answer.
describe('opt-out through the API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let sandboxId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@optout.example', 'Owner');
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks[0]!.id;
  });
  afterAll(() => t.close());

  const text = (from: string, body: string) =>
    t.app.services.messaging.host.receiveInbound({
      networkId: sandboxId,
      from,
      body,
      providerMessageId: `opt-${++counter}`,
    });
  const threadOf = async (number: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations?q=${encodeURIComponent(number)}`,
        headers: admin.authorization,
      })
    ).json<ConversationListResponse>().conversations[0]!;
  const send = (to: string, body = 'A new offer') =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.authorization,
      payload: { networkId: sandboxId, to, body },
    });

  it('answers 409 CONTACT_OPTED_OUT, naming the number, to a message or a reply to an opted-out contact', async () => {
    const number = '+12025550301';
    await text(number, 'Stop.');
    const refused = await send(number);
    expectErrorBody(refused, 409, 'CONTACT_OPTED_OUT');
    expect(refused.json<{ error: string }>().error).toContain(number);
    const conversation = await threadOf(number);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: admin.authorization,
      payload: { body: 'Are you sure?' },
    });
    expectErrorBody(reply, 409, 'CONTACT_OPTED_OUT');
  });

  it('answers the manual opt-out and opt-in with the contact, and 201 to a message once back in', async () => {
    const number = '+12025550306';
    await text(number, 'hello');
    const { contact } = await threadOf(number);
    const patch = (optedOut: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${contact.id}`,
        headers: admin.authorization,
        payload: { optedOut },
      });
    const out = await patch(true);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<{ contact: Contact }>().contact.optedOutAt).not.toBeNull();
    expectErrorBody(await send(number), 409, 'CONTACT_OPTED_OUT');
    expect((await patch(false)).json<{ contact: Contact }>().contact.optedOutAt).toBeNull();
    expect((await send(number)).statusCode).toBe(201);
  });

  it('reads and changes the compliance texts; refuses empty, unknown or too long values with 400', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/compliance', headers: admin.authorization, payload });
    const initial = await t.app.inject({ method: 'GET', url: '/api/compliance', headers: admin.authorization });
    expect(initial.statusCode).toBe(200);
    expect(initial.json<ComplianceSettings>()).toEqual({
      language: 'en',
      ...DEFAULT_COMPLIANCE_TEXTS.en,
      customised: { optOutReply: false, optInReply: false, helpReply: false },
    });
    const german = await patch({ language: 'de', helpReply: '  Hilfe: antworte STOP.  ' });
    expect(german.statusCode, german.body).toBe(200);
    expect(german.json<ComplianceSettings>()).toMatchObject({
      language: 'de',
      helpReply: 'Hilfe: antworte STOP.',
      customised: { helpReply: true },
    });
    for (const bad of [{ helpReply: '   ' }, { language: 'es' }, { optOutReply: 'x'.repeat(1601) }, { other: 1 }]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

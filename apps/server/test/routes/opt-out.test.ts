import {
  complianceKeywordOf,
  DEFAULT_COMPLIANCE_TEXTS,
  type ComplianceSettings,
  type Contact,
  type ConversationListResponse,
  type Message,
  type MessagesResponse,
  type NetworksResponse,
  type ThreadResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { socketClients, waitUntil } from '../helpers/socket-clients.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('opt-out keywords', () => {
  it.each([
    ['STOP', 'opt-out'],
    ['stop', 'opt-out'],
    ['Stop.', 'opt-out'],
    [' stop ', 'opt-out'],
    ['STOP!!!', 'opt-out'],
    ['"Stop"', 'opt-out'],
    ['\tUnsubscribe\n', 'opt-out'],
    ['stopall', 'opt-out'],
    ['Cancel', 'opt-out'],
    ['end', 'opt-out'],
    ['QUIT', 'opt-out'],
    ['OptOut', 'opt-out'],
    ['revoke.', 'opt-out'],
    ['ＳＴＯＰ', 'opt-out'],
    ['START', 'opt-in'],
    ['unstop', 'opt-in'],
    ['Yes!', 'opt-in'],
    ['HELP', 'help'],
    ['info?', 'help'],
    ['STOP please', null],
    ['please stop', null],
    ['stopp', null],
    ['st op', null],
    ['opt out', null],
    ['', null],
    ['...', null],
    ['🛑', null],
    ['STOP 🛑', 'opt-out'], // symbols and emoji around the word count as punctuation
    ['yes please', null],
  ])('%j → %s', (body, expected) => {
    expect(complianceKeywordOf(body)).toBe(expected);
  });
});

describe('opt-out handling in the inbound pipeline', () => {
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
  /** What the virtual phone with this number sent and received, oldest first. */
  const phone = async (number: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/networks/${sandboxId}/sandbox/messages?number=${encodeURIComponent(number)}`,
        headers: admin.authorization,
      })
    ).json<MessagesResponse>().messages;
  const outbound = async (number: string) => (await phone(number)).filter((m) => m.direction === 'out');
  const contactOf = async (number: string): Promise<Contact> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?q=${encodeURIComponent(number)}`,
      headers: admin.authorization,
    });
    return response.json<ConversationListResponse>().conversations[0]!.contact;
  };
  const send = (to: string, body = 'A new offer') =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.authorization,
      payload: { networkId: sandboxId, to, body },
    });
  const en = DEFAULT_COMPLIANCE_TEXTS.en;

  it('opts out on STOP with one confirmation, and nothing more can be sent', async () => {
    const number = '+12025550301';
    await text(number, 'Hi');
    await text(number, 'Stop.');
    const contact = await contactOf(number);
    expect(contact.optedOutAt).not.toBeNull();
    const replies = await outbound(number);
    expect(replies.map((m) => [m.body, m.origin])).toEqual([[en.optOutReply, 'auto-reply']]);
    // The confirmation still goes out (it was queued before the door closed).
    await expect.poll(async () => (await outbound(number))[0]!.state, { timeout: 5_000 }).toBe('delivered');

    // A second STOP is stored but gets no second confirmation.
    await text(number, 'STOP');
    expect(await outbound(number)).toHaveLength(1);

    const refused = await send(number);
    expectErrorBody(refused, 409, 'CONTACT_OPTED_OUT');
    expect(refused.json<{ error: string }>().error).toContain(number);
    const conversation = (
      await t.app.inject({ method: 'GET', url: `/api/conversations?q=${number}`, headers: admin.authorization })
    ).json<ConversationListResponse>().conversations[0]!;
    // The thread reads in order: the keyword, then its confirmation (same transaction, no tie).
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: admin.authorization,
    });
    expect(thread.json<ThreadResponse>().messages.map((m) => m.body)).toEqual(['STOP', en.optOutReply, 'Stop.', 'Hi']);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: admin.authorization,
      payload: { body: 'Are you sure?' },
    });
    expectErrorBody(reply, 409, 'CONTACT_OPTED_OUT');
    expect(await outbound(number)).toHaveLength(1);
  });

  it('opts back in on START with a confirmation; HELP gets the help text', async () => {
    const number = '+12025550302';
    await text(number, 'stop');
    await text(number, ' start ');
    expect((await contactOf(number)).optedOutAt).toBeNull();
    await text(number, 'help');
    expect((await outbound(number)).map((m) => m.body)).toEqual([en.optOutReply, en.optInReply, en.helpReply]);
    expect((await send(number)).statusCode).toBe(201);
    // START from a contact who never opted out needs no confirmation.
    await text(number, 'YES');
    expect(await outbound(number)).toHaveLength(4);
  });

  it('answers nothing to a message that only contains a keyword, or HELP from an opted-out contact', async () => {
    const number = '+12025550303';
    await text(number, 'STOP please');
    expect((await contactOf(number)).optedOutAt).toBeNull();
    expect(await outbound(number)).toEqual([]);
    await text(number, 'quit');
    await text(number, 'HELP');
    expect((await outbound(number)).map((m) => m.body)).toEqual([en.optOutReply]);
  });

  it('two STOPs stored together still send one confirmation', async () => {
    const number = '+12025550304';
    await text(number, 'hello');
    await Promise.all([text(number, 'STOP'), text(number, 'stop'), text(number, 'End')]);
    expect(await outbound(number)).toHaveLength(1);
  });

  it('uses the workspace’s own texts, the defaults of its language, and resets to them', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/compliance', headers: admin.authorization, payload });
    const initial = await t.app.inject({ method: 'GET', url: '/api/compliance', headers: admin.authorization });
    expect(initial.json<ComplianceSettings>()).toEqual({
      language: 'en',
      ...en,
      customised: { optOutReply: false, optInReply: false, helpReply: false },
    });

    const german = await patch({ language: 'de', helpReply: '  Hilfe: antworte STOP.  ' });
    expect(german.statusCode, german.body).toBe(200);
    expect(german.json<ComplianceSettings>()).toMatchObject({
      language: 'de',
      optOutReply: DEFAULT_COMPLIANCE_TEXTS.de.optOutReply,
      helpReply: 'Hilfe: antworte STOP.',
      customised: { optOutReply: false, optInReply: false, helpReply: true },
    });
    const number = '+12025550305';
    await text(number, 'INFO');
    await text(number, 'STOP');
    expect((await outbound(number)).map((m) => m.body)).toEqual([
      'Hilfe: antworte STOP.',
      DEFAULT_COMPLIANCE_TEXTS.de.optOutReply,
    ]);

    const reset = await patch({ helpReply: null, language: 'ar' });
    expect(reset.json<ComplianceSettings>()).toMatchObject({
      helpReply: DEFAULT_COMPLIANCE_TEXTS.ar.helpReply,
      customised: { helpReply: false },
    });
    for (const bad of [{ helpReply: '   ' }, { language: 'es' }, { optOutReply: 'x'.repeat(1601) }, { other: 1 }]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('the manual opt-out and opt-in send nothing and reach open browsers', async () => {
    const number = '+12025550306';
    await text(number, 'hello');
    const contact = await contactOf(number);
    const clients = await socketClients(t);
    const { seen } = await clients.connectAs(admin, 'contact.updated');
    const patch = (optedOut: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${contact.id}`,
        headers: admin.authorization,
        payload: { optedOut },
      });
    const out = await patch(true);
    expect(out.json<{ contact: Contact }>().contact.optedOutAt).not.toBeNull();
    expectErrorBody(await send(number), 409, 'CONTACT_OPTED_OUT');
    await waitUntil(
      () => seen.find(({ contact: c }) => c.id === contact.id && c.optedOutAt),
      () => 'contact.updated (opted out)',
    );
    await patch(false);
    expect((await send(number)).statusCode).toBe(201);
    expect((await outbound(number)).map((m: Message) => m.body)).toEqual(['A new offer']);
    await clients.closeAll();
  });
});

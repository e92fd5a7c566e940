import {
  ConversationListQuerySchema,
  DEFAULT_COMPLIANCE_TEXTS,
  ReplyBodySchema,
  SendMessageBodySchema,
  ThreadQuerySchema,
  UpdateComplianceBodySchema,
  UpdateContactBodySchema,
  type Contact,
  type Conversation,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

describe('opt-out handling in the inbound pipeline', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;

  beforeAll(async () => {
    ({ t, workspaceId, userId, sandboxId } = await servicesWithWorkspace('Owner'));
  });
  afterAll(() => t.close());

  const text = (from: string, body: string) => t.receive(sandboxId, from, body);
  /** What the virtual phone with this number sent and received, oldest first. */
  const phone = (number: string) => t.services.messaging.threadWith(workspaceId, sandboxId, number);
  const outbound = async (number: string) => (await phone(number)).filter((m) => m.direction === 'out');
  const threadOf = async (number: string): Promise<Conversation> => {
    const { cursor, limit, ...filters } = ConversationListQuerySchema.parse({ q: number });
    return (await t.services.conversations.list(workspaceId, filters, cursor, limit)).conversations[0]!;
  };
  const contactOf = async (number: string): Promise<Contact> => (await threadOf(number)).contact;
  /** A message as POST /api/messages sends it (the body read through the contract). */
  const send = (to: string, body = 'A new offer') =>
    t.services.messaging.queue({
      workspaceId,
      ...SendMessageBodySchema.parse({ networkId: sandboxId, to, body }),
      origin: 'reply',
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
    await expect.poll(async () => (await outbound(number))[0]!.state, { timeout: 15_000 }).toBe('delivered');

    // A second STOP is stored but gets no second confirmation.
    await text(number, 'STOP');
    expect(await outbound(number)).toHaveLength(1);

    await expect(send(number)).rejects.toMatchObject({
      code: 'CONTACT_OPTED_OUT',
      message: expect.stringContaining(number),
    });
    const conversation = await threadOf(number);
    // The thread reads in order: the keyword, then its confirmation (same transaction, no tie).
    const { cursor, limit } = ThreadQuerySchema.parse({});
    const thread = await t.services.conversations.messages(workspaceId, conversation.id, cursor, limit);
    expect(thread.messages.map((m) => m.body)).toEqual(['STOP', en.optOutReply, 'Stop.', 'Hi']);
    const { body } = ReplyBodySchema.parse({ body: 'Are you sure?' });
    await expect(t.services.conversations.reply(workspaceId, conversation.id, body)).rejects.toMatchObject({
      code: 'CONTACT_OPTED_OUT',
    });
    expect(await outbound(number)).toHaveLength(1);
  });

  it('opts back in on START with a confirmation; HELP gets the help text', async () => {
    const number = '+12025550302';
    await text(number, 'stop');
    await text(number, ' start ');
    expect((await contactOf(number)).optedOutAt).toBeNull();
    await text(number, 'help');
    expect((await outbound(number)).map((m) => m.body)).toEqual([en.optOutReply, en.optInReply, en.helpReply]);
    expect(await send(number)).toMatchObject({ state: 'queued', direction: 'out' });
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
    const update = (body: object) => t.services.compliance.update(workspaceId, UpdateComplianceBodySchema.parse(body));
    expect(await t.services.compliance.settings(workspaceId)).toEqual({
      language: 'en',
      ...en,
      customised: { optOutReply: false, optInReply: false, helpReply: false },
    });

    expect(await update({ language: 'de', helpReply: '  Hilfe: antworte STOP.  ' })).toMatchObject({
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

    expect(await update({ helpReply: null, language: 'ar' })).toMatchObject({
      helpReply: DEFAULT_COMPLIANCE_TEXTS.ar.helpReply,
      customised: { helpReply: false },
    });
  });

  it('the manual opt-out and opt-in send nothing and are announced to the workspace', async () => {
    const number = '+12025550306';
    await text(number, 'hello');
    const contact = await contactOf(number);
    const update = (optedOut: boolean) =>
      t.services.contacts.update(workspaceId, contact.id, UpdateContactBodySchema.parse({ optedOut }), {
        source: 'admin',
        userId,
      });
    /** The opt-out state of each contact.updated announced for this contact, oldest first. */
    const announced = () =>
      t.events
        .of(workspaceId, 'contact.updated')
        .filter((e) => e.contact.id === contact.id)
        .map((e) => e.contact.optedOutAt !== null);
    const out = await update(true);
    expect(out.optedOutAt).not.toBeNull();
    expect(announced()).toEqual([true]);
    await expect(send(number)).rejects.toMatchObject({ code: 'CONTACT_OPTED_OUT' });
    const back = await update(false);
    expect(back.optedOutAt).toBeNull();
    expect(announced()).toEqual([true, false]);
    expect(await send(number)).toMatchObject({ state: 'queued' });
    expect((await outbound(number)).map((m) => m.body)).toEqual(['A new offer']);
  });
});

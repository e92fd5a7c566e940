import type { ConversationListResponse, MessageResponse } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

// An inbox reply records who wrote it (messages.sent_by: the control panel's checkpoint reward
// counts a user's replies): the signed-in caller of POST /api/conversations/:id/messages.
describe('POST /api/conversations/:id/messages records its writer', () => {
  let t: TestApp;
  let admin: SignedIn;
  let second: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@writer.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'second-admin@writer.example', 'admin');
    second = await login(t.app, 'second-admin@writer.example');
  });
  afterAll(() => t.close());

  it('keeps the user who sent each reply', async () => {
    const [sandbox] = await t.app.services.networks.list(admin.userData.workspaceId);
    await t.app.services.messaging.host.receiveInbound({
      networkId: sandbox!.id,
      from: '+12025550142',
      body: 'Anyone there?',
      providerMessageId: 'writer-1',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: admin.authorization });
    const thread = list.json<ConversationListResponse>().conversations[0]!;
    const replyAs = async (who: SignedIn) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${thread.id}/messages`,
        headers: who.authorization,
        payload: { body: 'Yes, here' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<MessageResponse>().message.id;
    };
    const first = await replyAs(admin);
    const next = await replyAs(second);
    const rows = await queryRows<{ id: string; sent_by: string }>(
      t.app.database.db,
      sql`select id, sent_by from messages where sent_by is not null order by created_at`,
    );
    expect(rows).toEqual([
      { id: first, sent_by: admin.userData.id },
      { id: next, sent_by: second.userData.id },
    ]);
  });
});

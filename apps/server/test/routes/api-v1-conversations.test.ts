import type {
  ApiConversation,
  ApiConversationMessagesResponse,
  ApiConversationResponse,
  ApiConversationsResponse,
  ApiMessageResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createV1TestBed, type V1TestBed } from '../helpers/api-v1.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('/api/v1/conversations', () => {
  let bed: V1TestBed;
  let key: string;
  let strangerKey: string;
  let sandboxId: string;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-conversations');
    key = await bed.newKey(bed.admin, ['messages:read', 'messages:send']);
    strangerKey = await bed.newKey(bed.stranger, ['messages:read']);
    const networks = await bed.t.app.inject({ method: 'GET', url: '/api/networks', headers: bed.admin.authorization });
    sandboxId = networks.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
  });
  afterAll(() => bed.close());

  const get = (url: string, secret = key) => bed.call(secret, 'GET', url);
  const list = async (query: string, secret = key) => {
    const response = await get(`/api/v1/conversations${query}`, secret);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiConversationsResponse>();
  };
  /** A text from `from` to the workspace's sandbox number (the virtual phone). */
  async function inbound(from: string, body: string): Promise<ApiConversation> {
    const response = await bed.t.app.inject({
      method: 'POST',
      url: `/api/networks/${sandboxId}/sandbox/messages`,
      headers: bed.admin.authorization,
      payload: { from, body },
    });
    expect(response.statusCode, response.body).toBe(201);
    const found = await list(`?phoneNumber=${encodeURIComponent(from)}`);
    expect(found.conversations).toHaveLength(1);
    return found.conversations[0]!;
  }

  it('shows a thread in the public shape, without workspace ids', async () => {
    const conversation = await inbound('+12025550111', 'Hello there');
    expect(conversation).toEqual({
      id: expect.any(String) as string,
      networkId: sandboxId,
      contact: { id: expect.any(String) as string, phoneNumber: '+12025550111', name: null, optedOut: false },
      unreadCount: 1,
      lastMessageAt: expect.stringMatching(ISO_UTC) as string,
      lastMessagePreview: 'Hello there',
      createdAt: expect.stringMatching(ISO_UTC) as string,
    });
    const read = await get(`/api/v1/conversations/${conversation.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ApiConversationResponse>().conversation).toEqual(conversation);
    expect(read.body).not.toContain(bed.admin.userData.workspaceId);
    expect(read.body).not.toContain('workspace');
  });

  it('lists newest activity first and follows next links that keep the filters', async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) made.push((await inbound(`+1202555022${n}`, `paged ${n}`)).id);
    const seen: string[] = [];
    let url: string | null = `/api/v1/conversations?networkId=${sandboxId}&limit=2`;
    while (url) {
      const page = await list(url.replace('/api/v1/conversations', ''));
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.conversations.map((c) => c.id));
      url = page.next;
      if (url) expect(url).toMatch(/^\/api\/v1\/conversations\?.*networkId=.*limit=2.*cursor=/);
    }
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect((await list(`?networkId=${UNKNOWN_ID}`)).conversations).toEqual([]);
  });

  it('filters by unread state, number and activity since a time', async () => {
    const read = await inbound('+12025550131', 'read me');
    const unread = await inbound('+12025550132', 'leave me');
    const marked = await bed.t.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${read.id}`,
      headers: bed.admin.authorization,
      payload: { unread: false },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const unreadIds = (await list('?unread=true&limit=100')).conversations.map((c) => c.id);
    expect(unreadIds).toContain(unread.id);
    expect(unreadIds).not.toContain(read.id);
    const readIds = (await list('?unread=false&limit=100')).conversations.map((c) => c.id);
    expect(readIds).toContain(read.id);
    expect(readIds).not.toContain(unread.id);

    const byNumber = await list(`?phoneNumber=${encodeURIComponent('+1 202 555 0132')}`);
    expect(byNumber.conversations.map((c) => c.id)).toEqual([unread.id]);
    const since = encodeURIComponent(unread.lastMessageAt);
    expect((await list(`?updatedSince=${since}&limit=100`)).conversations.map((c) => c.id)).toEqual([unread.id]);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await list(`?updatedSince=${future}`)).conversations).toEqual([]);
  });

  it('pages a thread’s messages newest first, in the public message shape', async () => {
    const thread = await inbound('+12025550141', 'first, from them');
    const sent = await bed.call(key, 'POST', '/api/v1/messages', {
      to: '+12025550141',
      body: 'second, from us',
      networkId: sandboxId,
      metadata: { ticket: 'T-9' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sentMessage = sent.json<ApiMessageResponse>().message;

    const first = await get(`/api/v1/conversations/${thread.id}/messages?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<ApiConversationMessagesResponse>();
    expect(page.messages).toEqual([{ ...sentMessage, state: expect.any(String) as string }]);
    expect(page.next).toMatch(new RegExp(`^/api/v1/conversations/${thread.id}/messages\\?limit=1&cursor=`));
    const older = (await get(page.next!)).json<ApiConversationMessagesResponse>();
    expect(older.messages.map((m) => [m.direction, m.body, m.phoneNumber])).toEqual([
      ['in', 'first, from them', '+12025550141'],
    ]);
    expect(older.next).toBeNull();
    expect(first.body).not.toContain(bed.admin.userData.workspaceId);
  });

  it('answers 400 with { error, code } for bad input', async () => {
    expectErrorBody(await get('/api/v1/conversations?phoneNumber=12'), 400, 'INVALID_PHONE_NUMBER');
    expectErrorBody(await get('/api/v1/conversations?unread=maybe'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/v1/conversations?limit=1000'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/v1/conversations?updatedSince=yesterday'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/v1/conversations?cursor=garbage'), 400);
    expectErrorBody(await get('/api/v1/conversations/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get(`/api/v1/conversations/${UNKNOWN_ID}`), 404, 'NOT_FOUND');
    expectErrorBody(await get(`/api/v1/conversations/${UNKNOWN_ID}/messages`), 404, 'NOT_FOUND');
  });

  it('needs messages:read (403 naming it) and a key (401)', async () => {
    const sendOnly = await bed.newKey(bed.admin, ['messages:send']);
    const refused = expectErrorBody(await get('/api/v1/conversations', sendOnly), 403, 'INSUFFICIENT_SCOPE');
    expect(refused.error).toContain('messages:read');
    const thread = await inbound('+12025550151', 'scoped');
    expectErrorBody(await get(`/api/v1/conversations/${thread.id}`, sendOnly), 403, 'INSUFFICIENT_SCOPE');
    expectErrorBody(await get(`/api/v1/conversations/${thread.id}/messages`, sendOnly), 403, 'INSUFFICIENT_SCOPE');
    expectErrorBody(await bed.t.app.inject({ method: 'GET', url: '/api/v1/conversations' }), 401);
  });

  it('never shows another workspace’s threads (404, empty lists)', async () => {
    const mine = await inbound('+12025550161', 'private');
    expectErrorBody(await get(`/api/v1/conversations/${mine.id}`, strangerKey), 404, 'NOT_FOUND');
    expectErrorBody(await get(`/api/v1/conversations/${mine.id}/messages`, strangerKey), 404, 'NOT_FOUND');
    expect((await list('?limit=100', strangerKey)).conversations).toEqual([]);
    expect((await list(`?phoneNumber=${encodeURIComponent('+12025550161')}`, strangerKey)).conversations).toEqual([]);
  });
});

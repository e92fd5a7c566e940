import { ConversationListResponseSchema, ThreadResponseSchema } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastResponse, responseSerializerCompiler } from '../../src/lib/fast-response.js';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

const contact = { id: crypto.randomUUID(), phoneNumber: '+14155550100', name: null, tags: ['vip'], optedOutAt: null };
const page = {
  nextCursor: 'abc',
  conversations: [
    {
      id: crypto.randomUUID(),
      networkId: crypto.randomUUID(),
      contact: { ...contact, passwordHash: 'never leaves' },
      lastMessageAt: '2026-11-26T22:11:55.123Z',
      createdAt: '2026-11-26T22:11:55.123Z',
      lastMessagePreview: 'Is the order ready?',
      unreadCount: 2,
      internal: 'never leaves either',
    },
  ],
};

describe('fast responses (the inbox pages)', () => {
  it('writes exactly what zod’s encode writes, without properties outside the schema', () => {
    fastResponse(ConversationListResponseSchema);
    const fast = compile(ConversationListResponseSchema)(page);
    expect(fast).toBe(JSON.stringify(z.encode(ConversationListResponseSchema, page as never)));
    expect(fast).not.toContain('never leaves');
  });

  it('fails a response that lacks a required property, as zod does', () => {
    const broken = {
      nextCursor: null,
      conversations: [{ ...page.conversations[0], contact: { ...contact, tags: undefined } }],
    };
    expect(() => compile(ConversationListResponseSchema)(broken)).toThrow();
    expect(() => compile(z.object({ id: z.string() }))({})).toThrow(); // an unmarked schema: zod's serializer
  });

  it('writes a thread page as zod does, nullable enums and all', () => {
    fastResponse(ThreadResponseSchema);
    const message = (origin: string | null, campaignId: string | null) => ({
      id: crypto.randomUUID(),
      networkId: crypto.randomUUID(),
      conversationId: crypto.randomUUID(),
      contactId: crypto.randomUUID(),
      direction: origin ? 'out' : 'in',
      body: 'Ünïcödé “quotes” \\ and \n lines',
      encoding: 'UCS-2',
      segments: 1,
      state: origin ? 'delivered' : 'received',
      origin,
      campaignId,
      providerMessageId: null,
      errorCode: null,
      errorText: null,
      attempts: 0,
      createdAt: '2026-11-26T22:11:55.123Z',
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
      receivedAt: origin ? null : '2026-11-26T22:11:55.123Z',
    });
    const thread = {
      messages: [message(null, null), message('campaign', crypto.randomUUID())],
      campaigns: [],
      nextCursor: null,
    };
    expect(compile(ThreadResponseSchema)(thread)).toBe(JSON.stringify(z.encode(ThreadResponseSchema, thread as never)));
  });
});

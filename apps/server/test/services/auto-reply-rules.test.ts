import {
  AutoReplySettingsSchema,
  CreateAutoReplyRuleBodySchema,
  CreateNetworkBodySchema,
  ReorderAutoReplyRulesBodySchema,
  TryAutoReplyBodySchema,
  UpdateAutoReplyRuleBodySchema,
  type CreateAutoReplyRuleBody,
  type UpdateAutoReplyRuleBody,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { keywordRule } from '../helpers/auto-reply-fixtures.js';
import { servicesWithWorkspace, type TestServices, type TestWorkspace } from '../helpers/test-services.js';

describe('auto-reply rules: editing, order, loop guard, "Try a message"', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  let stranger: TestWorkspace;

  beforeAll(async () => {
    ({ t, workspaceId, sandboxId } = await servicesWithWorkspace('Owner'));
    stranger = await t.workspace('Stranger');
  });
  afterAll(() => t.close());

  const autoReply = () => t.services.autoReply;
  /** A rule as POST /api/auto-reply/rules creates it (the body read through the contract). */
  const create = (body: CreateAutoReplyRuleBody, inWorkspace = workspaceId) =>
    autoReply().create(inWorkspace, CreateAutoReplyRuleBodySchema.parse(body));
  const update = (id: string, patch: UpdateAutoReplyRuleBody) =>
    autoReply().update(workspaceId, id, UpdateAutoReplyRuleBodySchema.parse(patch));
  const reorder = (ruleIds: string[], inWorkspace = workspaceId) =>
    autoReply().reorder(inWorkspace, ReorderAutoReplyRulesBodySchema.parse({ ruleIds }));
  const rulesOf = (inWorkspace = workspaceId) => autoReply().list(inWorkspace);

  it('creates a rule with defaults, last in the order', async () => {
    const first = await create(keywordRule());
    const second = await create(keywordRule({ name: 'Everything', trigger: { type: 'any' } }));
    expect(first).toMatchObject({
      name: 'Prices',
      enabled: true,
      allNetworks: true,
      networkIds: [],
      cooldownMinutes: 60,
      timeZone: 'UTC',
      activeFrom: null,
      activeUntil: null,
      firedCount: 0,
      lastFiredAt: null,
      trigger: { type: 'keyword', match: 'exact', keywords: ['PRICE'], caseSensitive: false },
    });
    expect(second.priority).toBe(first.priority + 1);
    expect((await rulesOf()).map((r) => r.id)).toEqual([first.id, second.id]);
  });

  it('refuses another workspace’s network, naming its place in the list', async () => {
    await expect(
      create(keywordRule({ allNetworks: false, networkIds: [sandboxId, stranger.sandbox.id] })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'body.networkIds.1' })],
    });
    const rule = (await rulesOf())[0]!;
    await expect(update(rule.id, { allNetworks: false, networkIds: [stranger.sandbox.id] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'body.networkIds.0' })],
    });
  });

  it('keeps workspaces apart: another workspace neither lists, reads, changes, orders nor deletes the rule', async () => {
    const rule = await create(keywordRule({ name: 'Private' }));
    const other = stranger.workspaceId;
    expect((await rulesOf(other)).map((r) => r.id)).not.toContain(rule.id);
    const notFound = { code: 'NOT_FOUND' };
    await expect(autoReply().get(other, rule.id)).rejects.toMatchObject(notFound);
    await expect(autoReply().update(other, rule.id, { enabled: false })).rejects.toMatchObject(notFound);
    await expect(autoReply().remove(other, rule.id)).rejects.toMatchObject(notFound);
    await expect(reorder([rule.id], other)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      autoReply().tryMessage(
        other,
        TryAutoReplyBodySchema.parse({ networkId: sandboxId, from: '+14155550100', text: 'x' }),
      ),
    ).rejects.toMatchObject(notFound);
    expect((await autoReply().get(workspaceId, rule.id)).enabled).toBe(true);
  });

  it('switches a rule off and on, edits it, and deletes it', async () => {
    const rule = await create(keywordRule({ name: 'Temporary' }));
    expect(await update(rule.id, { enabled: false })).toMatchObject({ enabled: false, name: 'Temporary' });
    expect(await update(rule.id, { enabled: true })).toMatchObject({ enabled: true });
    const edited = await update(rule.id, {
      name: 'Renamed',
      allNetworks: false,
      networkIds: [sandboxId],
      activeFrom: '2026-01-01',
    });
    expect(edited).toMatchObject({ name: 'Renamed', allNetworks: false, networkIds: [sandboxId] });
    // The patch alone is fine; the rule it would make ends before it starts.
    await expect(update(rule.id, { activeUntil: '2025-12-31' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'body.activeUntil' })],
    });
    await expect(update(rule.id, { networkIds: [] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'body.networkIds' })],
    });
    await autoReply().remove(workspaceId, rule.id);
    await expect(autoReply().get(workspaceId, rule.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reorders the rules and refuses an order that leaves one out or names one twice', async () => {
    const ids = (await rulesOf()).map((r) => r.id);
    const reversed = [...ids].reverse();
    expect((await reorder(reversed)).map((r) => [r.id, r.priority])).toEqual(reversed.map((id, i) => [id, i + 1]));
    expect((await rulesOf()).map((r) => r.id)).toEqual(reversed);
    await expect(reorder(reversed.slice(1))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(reorder([...reversed, reversed[0]!])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await rulesOf()).map((r) => r.id)).toEqual(reversed);
  });

  it('keeps an hourly limit per workspace, 5 until changed', async () => {
    expect(await autoReply().settings(workspaceId)).toEqual({ hourlyLimit: 5 });
    expect(await autoReply().updateSettings(workspaceId, AutoReplySettingsSchema.parse({ hourlyLimit: 3 }))).toEqual({
      hourlyLimit: 3,
    });
    expect(await autoReply().settings(workspaceId)).toEqual({ hourlyLimit: 3 });
    expect(await autoReply().settings(stranger.workspaceId)).toEqual({ hourlyLimit: 5 });
  });

  it('tries a message without sending or storing anything', async () => {
    const stored = () =>
      queryRows<{ messages: number; contacts: number; firings: number }>(
        t.db,
        sql`select (select count(*)::int from messages) as messages, (select count(*)::int from contacts) as contacts,
          (select count(*)::int from auto_reply_firings) as firings`,
      );
    const before = await stored();
    const result = await autoReply().tryMessage(
      workspaceId,
      TryAutoReplyBodySchema.parse({ networkId: sandboxId, from: '+14155550177', text: 'price?' }),
    );
    expect(result).toMatchObject({ outcome: 'reply', encoding: 'GSM-7', segments: 1 });
    // The first enabled rule in the current order that matches: a keyword rule named after the order test.
    const first = (await rulesOf()).find((r) => r.enabled && r.trigger.type === 'keyword');
    expect(result.outcome === 'reply' && result.rule.id).toBe(first?.id);
    expect(result.outcome === 'reply' && result.reply).toBe('Hi , our prices are at example.com/prices');
    expect(await stored()).toEqual(before);
    expect(t.events.of(workspaceId, 'message.created')).toEqual([]);
  });

  it('keeps a rule’s network list true after the network is deleted', async () => {
    const { network } = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Short-lived' }),
    );
    const rule = await create(keywordRule({ name: 'On two', allNetworks: false, networkIds: [sandboxId, network.id] }));
    expect(rule.networkIds).toEqual([sandboxId, network.id]);
    await t.services.networks.remove(workspaceId, network.id);
    expect((await autoReply().get(workspaceId, rule.id)).networkIds).toEqual([sandboxId]);
    expect((await rulesOf()).find((r) => r.id === rule.id)?.networkIds).toEqual([sandboxId]);
  });
});

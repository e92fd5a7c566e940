import { CreateAutoReplyRuleBodySchema, TryAutoReplyBodySchema } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSoleInstanceBus } from '../../src/cluster/cluster-bus.js';
import { queryRows } from '../../src/db/database.js';
import { autoReplyRules } from '../../src/db/schema/index.js';
import { createSmsgateSigningKeysRepository } from '../../src/modules/webhooks/smsgate-signing-keys.repository.js';
import { keywordRule } from '../helpers/auto-reply-fixtures.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

/**
 * Per-workspace caches (auto-reply rules, the SMSGate signing key, the default network) follow a change made on another
 * instance when its notice arrives: the change is written here behind the service's back, as the
 * other instance would, and the notice simulated.
 */
describe('workspace caches and the notices of other instances', () => {
  const bus = createSoleInstanceBus();
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestServices({ start: false, bus });
    const workspace = await t.workspace();
    workspaceId = workspace.workspaceId;
    sandboxId = workspace.sandbox.id;
    userId = workspace.userId;
  });
  afterAll(() => t?.close());

  const tryPrice = async () =>
    (
      await t.services.autoReply.tryMessage(
        workspaceId,
        TryAutoReplyBodySchema.parse({ networkId: sandboxId, from: '+14155550101', text: 'PRICE' }),
      )
    ).outcome;

  it('drops a workspace’s cached auto-reply rules on its auto-reply.changed notice', async () => {
    const rule = await t.services.autoReply.create(workspaceId, CreateAutoReplyRuleBodySchema.parse(keywordRule()));
    expect(await tryPrice()).toBe('reply');
    await t.db.update(autoReplyRules).set({ enabled: false }).where(eq(autoReplyRules.id, rule.id));
    expect(await tryPrice()).toBe('reply'); // the cached rules

    bus.simulate('auto-reply.changed', { workspaceId: 'another-workspace' });
    expect(await tryPrice()).toBe('reply');
    bus.simulate('auto-reply.changed', { workspaceId });
    expect(await tryPrice()).toBe('none');
  });

  it('drops the cached rules at once when a rule changes on this instance', async () => {
    const rule = await t.services.autoReply.create(
      workspaceId,
      CreateAutoReplyRuleBodySchema.parse(keywordRule({ name: 'Second' })),
    );
    expect(await tryPrice()).toBe('reply');
    await t.services.autoReply.update(workspaceId, rule.id, { enabled: false });
    expect(await tryPrice()).toBe('none');
  });

  it('signs with a key rotated on another instance once its webhooks.changed notice arrives', async () => {
    const keys = t.services.webhooks.smsgate.signingKey;
    const first = await keys.get(workspaceId);
    await createSmsgateSigningKeysRepository(t.db).replace(workspaceId, t.secretBox.seal('rotated-elsewhere'));
    expect(await keys.get(workspaceId)).toBe(first); // the cached key

    bus.simulate('webhooks.changed', { workspaceId });
    expect(await keys.get(workspaceId)).toBe('rotated-elsewhere');
  });

  it('reads the default network again when another instance announces a network change', async () => {
    expect(await t.services.networks.defaultId(workspaceId)).toBe(sandboxId);
    const [phone] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into networks (workspace_id, kind, name, address, throughput)
        values (${workspaceId}, 'android', 'Phone', '+12025550998', 1) returning id`,
    );
    expect(await t.services.networks.defaultId(workspaceId)).toBe(sandboxId); // the cached answer

    bus.simulate('network.changed', { networkId: phone!.id, change: 'changed' });
    expect(await t.services.networks.defaultId(workspaceId)).toBe(phone!.id);
  });

  it('reads the default network again when another instance announces the workspace chose another', async () => {
    const defaultId = () => t.services.networks.defaultId(workspaceId);
    const before = await defaultId();
    expect(before).not.toBe(sandboxId); // the phone above: a real channel before the sandbox
    await t.db.execute(sql`update workspaces set default_network_id = ${sandboxId} where id = ${workspaceId}`);
    expect(await defaultId()).toBe(before); // the cached answer

    bus.simulate('network.default-changed', { workspaceId: 'another-workspace' });
    expect(await defaultId()).toBe(before);
    bus.simulate('network.default-changed', { workspaceId });
    expect(await defaultId()).toBe(sandboxId);
  });

  it('tells the other instances when the workspace’s profile chooses another default network', async () => {
    const broadcast = vi.spyOn(bus, 'broadcast');
    try {
      await t.services.account.workspaceProfile.update(workspaceId, userId, { defaultNetworkId: sandboxId });
      expect(broadcast).toHaveBeenCalledWith('network.default-changed', { workspaceId });
    } finally {
      broadcast.mockRestore();
    }
  });
});

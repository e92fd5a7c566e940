import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoleInstanceBus, type ClusterBus, type ClusterTopic } from '../../src/cluster/cluster-bus.js';
import { queryRows } from '../../src/db/database.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

/** A sole-instance bus that records what would be told to the other instances. */
function recordingBus(): ClusterBus & { told: Array<{ topic: ClusterTopic; payload: unknown }> } {
  const bus = createSoleInstanceBus();
  const told: Array<{ topic: ClusterTopic; payload: unknown }> = [];
  return {
    ...bus,
    told,
    broadcast: (topic, payload) => {
      told.push({ topic, payload });
      return Promise.resolve();
    },
  };
}

/**
 * Events, wake-ups and notices of work done in a caller's transaction (an Idempotency-Key's, an
 * SMSGate send of several recipients) leave once it commits, and never when it rolls back: no
 * browser, dispatcher, phone or other instance hears of a row that does not exist.
 */
describe('events of work in a transaction', () => {
  let t: TestServices;
  let bus: ReturnType<typeof recordingBus>;
  let workspaceId: string;
  let sandboxId: string;
  const woken: string[] = [];

  beforeAll(async () => {
    bus = recordingBus();
    // On the database's thread: there a read outside the transaction, awaited in it, never ends.
    t = await createTestServices({ bus, start: false, thread: true, config: { allowInsecureWebhooks: true } });
    ({
      workspaceId,
      sandbox: { id: sandboxId },
    } = await t.workspace());
    t.services.messaging.onQueued((networkId) => woken.push(networkId));
  });
  afterAll(() => t.close());

  const created = (body: string) =>
    t.events.of(workspaceId, 'message.created').filter((event) => event.message.body === body);
  const stored = async (body: string) =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int n from messages where body = ${body}`))[0]!.n;
  /** Events since `from` that name `text` (a body, a number). */
  const about = (from: number, text: string) =>
    t.events.all.slice(from).filter((event) => JSON.stringify(event.payload).includes(text));
  const reset = () => {
    woken.length = 0;
    bus.told.length = 0;
  };

  it('publishes a message queued under an Idempotency-Key only once the key’s transaction commits', async () => {
    reset();
    let insideTheTransaction: unknown[] | undefined;
    const answer = await t.services.developerApi.idempotency.run(
      { workspaceId, key: 'after-commit-1', method: 'POST', path: '/api/v1/messages', body: { n: 1 } },
      201,
      async (within) => {
        const message = await t.services.messaging.queue(
          { workspaceId, networkId: sandboxId, to: '+14155550101', body: 'committed', origin: 'api' },
          within,
        );
        insideTheTransaction = [...created('committed'), ...woken, ...bus.told];
        return message;
      },
    );
    expect(insideTheTransaction).toEqual([]);
    expect(created('committed').map((event) => event.message.id)).toEqual([answer.body.id]);
    expect(woken).toEqual([sandboxId]);
    expect(bus.told).toEqual([{ topic: 'outbound.queued', payload: { networkId: sandboxId } }]);
  });

  it('publishes nothing, wakes nothing and tells no instance when the transaction rolls back', async () => {
    reset();
    const before = t.events.all.length;
    await expect(
      t.services.developerApi.idempotency.run(
        { workspaceId, key: 'after-commit-2', method: 'POST', path: '/api/v1/messages', body: { n: 2 } },
        201,
        async (within) => {
          await t.services.messaging.queue(
            { workspaceId, networkId: sandboxId, to: '+14155550102', body: 'rolled back', origin: 'api' },
            within,
          );
          throw new Error('the rest of the work failed');
        },
      ),
    ).rejects.toThrow('the rest of the work failed');
    expect(await stored('rolled back')).toBe(0);
    expect([...about(before, 'rolled back'), ...about(before, '+14155550102')]).toEqual([]);
    expect(woken).toEqual([]);
    expect(bus.told).toEqual([]);
  });

  it('announces none of an SMSGate send’s recipients when a later one is refused and it rolls back', async () => {
    await t.receive(sandboxId, '+14155550109', 'STOP');
    reset();
    const before = t.events.all.length;
    await expect(
      t.services.smsgateApi.messages.send(
        workspaceId,
        { message: 'to both', phoneNumbers: ['+14155550108', '+14155550109'] },
        false,
      ),
    ).rejects.toMatchObject({ code: 'CONTACT_OPTED_OUT' });
    expect(await stored('to both')).toBe(0);
    expect([...about(before, 'to both'), ...about(before, '+14155550108')]).toEqual([]);
    expect(woken).toEqual([]);
    expect(bus.told).toEqual([]);
  });

  it('wakes the webhook dispatchers for deliveries stored in a transaction once it commits, never on rollback', async () => {
    await t.services.webhooks.endpoints.create(workspaceId, {
      url: 'http://127.0.0.1:9/after-commit',
      events: ['message.received'],
    });
    const event = (key: string) => ({ type: 'message.received', key, data: {} });
    const due = () => bus.told.filter((notice) => notice.topic === 'webhooks.due');
    reset();
    await expect(
      t.services.developerApi.idempotency.run(
        { workspaceId, key: 'after-commit-3', method: 'POST', path: '/x', body: {} },
        201,
        async (within) => {
          await t.services.webhooks.record(workspaceId, event('rolled-back'), { within });
          throw new Error('the rest of the work failed');
        },
      ),
    ).rejects.toThrow('the rest of the work failed');
    expect(due()).toEqual([]);

    let insideTheTransaction: unknown[] | undefined;
    await t.services.developerApi.idempotency.run(
      { workspaceId, key: 'after-commit-4', method: 'POST', path: '/x', body: {} },
      201,
      async (within) => {
        const rows = await t.services.webhooks.record(workspaceId, event('committed'), { within });
        insideTheTransaction = due();
        return rows.length;
      },
    );
    expect(insideTheTransaction).toEqual([]);
    expect(due()).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

/**
 * A claim is a query on every dispatcher's turn: a network answering one message at a time (an
 * auto-reply, an inbox reply) should cost about one claim per message, not one per message plus
 * one after each claim and one after each send that find nothing.
 */
describe('the dispatcher asks the queue only when there may be something to claim', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  beforeAll(async () => {
    ({ t, workspaceId, sandboxId } = await servicesWithWorkspace());
  });
  afterAll(() => t.close());

  it('sends messages queued one at a time with about one claim each', async () => {
    const claim = vi.spyOn(t.services.messaging.outboundQueue, 'claim');
    const sent = 20;
    for (let i = 0; i < sent; i++) {
      const message = await t.services.messaging.queue({
        workspaceId,
        networkId: sandboxId,
        to: `+120255501${String(i).padStart(2, '0')}`,
        body: `one at a time ${i}`,
        origin: 'api',
      });
      await t.events.waitFor(
        workspaceId,
        'message.updated',
        (e) => e.message.id === message.id && e.message.state === 'sent',
      );
    }
    const claims = claim.mock.calls.filter(([networkId]) => networkId === sandboxId).length;
    claim.mockRestore();
    // One claim per message, and the idle polls (one a second) while they went: three claims per
    // message before (the claim, one right after it, one after the send).
    expect(claims).toBeGreaterThanOrEqual(sent);
    expect(claims).toBeLessThan(sent * 1.5 + 5);
  });
});

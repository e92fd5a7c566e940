import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelAdapter, ChannelHost } from '../channel.js';

/**
 * The virtual phone (DESIGN §2): behaves like a real channel — a send takes a moment, then the
 * message is `sent`, and a delivery report follows — so a new user sees states move with no
 * phone or provider account. Its inbound side is the virtual phone panel (sandbox.routes.ts).
 */
export function createSandboxAdapter(host: ChannelHost, options: { deliveryMs: number }): ChannelAdapter {
  const reports = new Set<NodeJS.Timeout>();
  return {
    kind: 'sandbox',
    async send(network, message) {
      await sleep(options.deliveryMs);
      // The virtual phone is always there; sending through it is its sign of life.
      void host.touchNetwork(network.id).catch(() => {});
      const providerMessageId = `sandbox-${message.id}`;
      const report = setTimeout(() => {
        reports.delete(report);
        void host
          .applyStatus({ networkId: network.id, providerMessageId, state: 'delivered' })
          .catch((error: unknown) => host.logger.warn({ err: error }, 'sandbox delivery report failed'));
      }, options.deliveryMs);
      reports.add(report);
      return { providerMessageId, state: 'sent' };
    },
    testConnection: async () => ({ ok: true }),
    concurrency: () => 10,
    async close() {
      for (const report of reports) clearTimeout(report);
      reports.clear();
    },
  };
}

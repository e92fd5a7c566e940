import type { DispatchedOrder, DispatchedOrders } from '@switchboard/contract';
import type { NetworksService } from '../networks/networks.service.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import type { AnalyticsSideRepository } from './analytics-side.repository.js';

const iso = (at: Date | string) => new Date(at).toISOString();

/** Newest first; the same time: the id decides, so the order never flickers between calls. */
export function mergeOrders(a: DispatchedOrder[], b: DispatchedOrder[], limit: number): DispatchedOrder[] {
  return [...a, ...b].sort((x, y) => y.at.localeCompare(x.at) || y.id.localeCompare(x.id)).slice(0, limit);
}

/**
 * `GET /api/table/dispatched-orders`: the latest outbound messages (their network's newest rows
 * through an index) and the latest started campaigns (recipients counted by the roll-up), merged.
 */
export function createDispatchedOrders(deps: {
  repo: AnalyticsRepository;
  side: AnalyticsSideRepository;
  networks: Pick<NetworksService, 'states'>;
}) {
  return async function dispatchedOrders(workspaceId: string, limit: number): Promise<DispatchedOrders> {
    const networks = await deps.networks.states(workspaceId);
    const networkNames = new Map(networks.map((n) => [n.id, n.name]));
    const [messages, campaigns] = await Promise.all([
      deps.side.latestOutbound(workspaceId, [...networkNames.keys()], limit),
      deps.side.latestCampaigns(workspaceId, limit),
    ]);
    const recipients = new Map(
      (
        await deps.repo.campaignRecipients(
          workspaceId,
          campaigns.map((c) => c.id),
        )
      ).map((r) => [r.id, r.count]),
    );
    const messageOrders = messages.map((m): DispatchedOrder => ({
      kind: 'message',
      id: m.id,
      title: m.phone_number,
      networkName: networkNames.get(m.network_id) ?? null,
      state: m.state,
      count: m.segments,
      at: iso(m.at),
    }));
    const campaignOrders = campaigns.map((c): DispatchedOrder => ({
      kind: 'campaign',
      id: c.id,
      title: c.name,
      networkName: null,
      state: c.state,
      count: recipients.get(c.id) ?? 0,
      at: iso(c.at),
    }));
    return { orders: mergeOrders(messageOrders, campaignOrders, limit) };
  };
}

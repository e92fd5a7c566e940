import { sql, type SQL } from 'drizzle-orm';

/**
 * The campaigns module's SQL for the dispatcher's claim (messaging's outbound queue): which
 * campaigns may send on a network now, with that network's share of each one's rate. The claim
 * takes a campaign's messages only through this, so a paused or cancelled campaign is never
 * claimed, on any instance. Import only from a `*.repository.ts`.
 */
export function sendingCampaignsOn(networkId: string): SQL {
  return sql`select k.id, coalesce((k.network_rates ->> ${networkId})::float8, k.rate_per_second) as share
    from campaigns k where k.state = 'sending' and k.network_ids @> array[${networkId}::uuid]`;
}

import type { CountsSince, NetworkCounts } from './message-history.repository.js';

/**
 * How late a message may become visible after the time it was stored with: a campaign start's
 * 100,000 messages carry the start time and commit seconds later. Counts older than this are
 * settled and never read again; the last SETTLE_MS are counted afresh on every call.
 */
export const SETTLE_MS = 15_000;
/** Networks whose tallies are kept (the whole map is dropped past it). */
const MAX_TALLIES = 10_000;

type CountQuery = (
  workspaceId: string,
  networks: ReadonlyArray<{ id: string; since: Date }>,
  settledBefore: Date,
) => Promise<Array<{ networkId: string } & CountsSince>>;

interface Tally {
  /** The UTC day counted (its midnight in ms). */
  day: number;
  /** Messages stored before this time are in `settled`. */
  until: Date;
  settled: NetworkCounts;
}

/**
 * Today's messages in and out per network (the networks list) without counting the whole day on
 * every call: each network's settled part is kept in process and only the messages since are
 * counted, so a call reads the last seconds of messages, not the day's thousands. Every count
 * comes from the database, so instances agree; a restart counts the day once again.
 */
export function createTodayCounts(
  countsSince: CountQuery,
  { settleMs = SETTLE_MS, now = () => new Date() }: { settleMs?: number; now?: () => Date } = {},
) {
  const tallies = new Map<string, Tally>();

  return async (workspaceId: string, networkIds: readonly string[]): Promise<Map<string, NetworkCounts>> => {
    const at = now();
    const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const settledBefore = new Date(Math.max(at.getTime() - settleMs, day));
    const keyOf = (id: string) => `${workspaceId}:${id}`;
    // What each network's tally was when this count began: its counts are added to that.
    const base = new Map<string, Tally>();
    const networks = networkIds.map((id) => {
      let tally = tallies.get(keyOf(id));
      if (!tally || tally.day !== day) {
        if (tallies.size >= MAX_TALLIES) tallies.clear();
        tally = { day, until: new Date(day), settled: { inToday: 0, outToday: 0 } };
        tallies.set(keyOf(id), tally);
      }
      base.set(id, tally);
      return { id, since: tally.until };
    });
    const rows = await countsSince(workspaceId, networks, settledBefore);
    const counts = new Map<string, NetworkCounts>();
    for (const row of rows) {
      const from = base.get(row.networkId)!;
      counts.set(row.networkId, {
        inToday: from.settled.inToday + row.allIn,
        outToday: from.settled.outToday + row.allOut,
      });
      // Advanced only by the count that began from the tally still in place: two counts at once
      // must not both add the same settled stretch (the later one's answer is right regardless).
      if (tallies.get(keyOf(row.networkId)) === from && settledBefore > from.until)
        tallies.set(keyOf(row.networkId), {
          day,
          until: settledBefore,
          settled: {
            inToday: from.settled.inToday + row.settledIn,
            outToday: from.settled.outToday + row.settledOut,
          },
        });
    }
    return counts;
  };
}

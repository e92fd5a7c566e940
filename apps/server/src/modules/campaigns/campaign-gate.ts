import type { CampaignState } from '@switchboard/contract';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { CampaignsRepository } from './campaigns.repository.js';

/**
 * The dispatchers' in-memory gate, asked before each campaign message is submitted: a campaign's
 * state as this process last saw it. A state change made on another instance arrives as a
 * 'campaign.changed' notice sent with its commit; until the state is read again the campaign
 * sends nothing here (a paused or cancelled one must stop within a second; a resumed one
 * loses a few milliseconds). The ticker's look at every active campaign is the safety net;
 * after a lost connection every active campaign is read again at once.
 */
export function createCampaignGate(bus: ClusterBus, repo: Pick<CampaignsRepository, 'stateOf' | 'active'>) {
  const states = new Map<string, CampaignState>();
  /** Campaigns heard of as changed, with the number of the latest read, which alone may answer. */
  const reading = new Map<string, number>();
  let reads = 0;

  async function readAgain(id: string) {
    const read = ++reads;
    reading.set(id, read);
    try {
      const state = await repo.stateOf(id);
      if (reading.get(id) !== read) return;
      if (state) states.set(id, state);
      else states.delete(id);
      reading.delete(id);
    } catch {
      // The database did not answer: the ticker's next look decides (within a second).
      if (reading.get(id) === read) reading.delete(id);
    }
  }

  bus.on('campaign.changed', ({ campaignId }) => void readAgain(campaignId));
  bus.onResync(() => {
    void repo
      .active()
      .then((rows) => {
        for (const row of rows) states.set(row.id, row.state);
      })
      .catch(() => {});
  });

  return {
    /** False once this process knows (or has heard) the campaign is no longer sending. */
    isSending: (id: string) => !reading.has(id) && (states.get(id) ?? 'sending') === 'sending',
    remember(id: string, state: CampaignState) {
      if (!reading.has(id)) states.set(id, state);
    },
    forget: (id: string) => void states.delete(id),
    /** Tells the other instances, when `tx` commits, that the campaign's state changed. */
    changed: (id: string, tx: Db) => bus.broadcast('campaign.changed', { campaignId: id }, tx),
  };
}

export type CampaignGate = ReturnType<typeof createCampaignGate>;

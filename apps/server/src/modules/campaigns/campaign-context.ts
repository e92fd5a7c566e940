import type { Campaign } from '@switchboard/contract';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { MessagingService, TxContext } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createCampaignGate } from './campaign-gate.js';
import { toCampaign, toCounts } from './campaign-view.js';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.js';

export interface CampaignsDeps {
  db: Db;
  contacts: Pick<ContactsService, 'audience' | 'fieldKeys'>;
  messaging: Pick<MessagingService, 'queue' | 'queueMany' | 'campaignMessages'>;
  networks: Pick<NetworksService, 'runtimeInWorkspace'>;
  workspaces: Pick<WorkspacesService, 'usage' | 'remainingSegments'>;
  users: Pick<UsersService, 'members'>;
  events: EventPublisher;
  /** State changes reach the other instances' gates through it. */
  bus: ClusterBus;
}

/** `work` for each item, one after the other. */
async function inTurn<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

/**
 * What the campaign use cases share: the repository, the in-memory gate the dispatchers ask
 * before each submit (campaign-gate.ts), the view with live counts, and transactions whose
 * announcements wait for the commit.
 */
export function createCampaignContext(deps: CampaignsDeps, repo: CampaignsRepository) {
  const gate = createCampaignGate(deps.bus, repo);

  async function view(row: CampaignRow, tx?: Db): Promise<Campaign> {
    return (await views([row], tx))[0]!;
  }

  /** With live counts; in the caller's transaction when given (the embedded database has one connection). */
  async function views(rows: CampaignRow[], tx?: Db): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const workspaceId = rows[0]!.workspaceId;
    const started = rows.filter((row) => row.startedAt);
    const { campaignMessages } = deps.messaging;
    const countsOf = () =>
      campaignMessages.countsByState(
        workspaceId,
        started.map((row) => row.id),
        tx,
      );
    const membersOf = () => deps.users.members.list(workspaceId, tx);
    const responsesOf = async (row: CampaignRow) =>
      [row.id, await campaignMessages.responses(workspaceId, row.id, row.networkIds, row.startedAt!, tx)] as const;
    // A transaction's connection runs one statement at a time (node-postgres deprecates queueing more).
    const [counts, members, responses] = tx
      ? [await countsOf(), await membersOf(), await inTurn(started, responsesOf)]
      : await Promise.all([countsOf(), membersOf(), Promise.all(started.map(responsesOf))]);
    const names = new Map(members.map((member) => [member.id, member.displayName]));
    const responsesById = new Map(responses);
    return rows.map((row) =>
      toCampaign(
        row,
        toCounts(counts.get(row.id), responsesById.get(row.id) ?? { replied: 0, optedOut: 0 }),
        row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' } : null,
        row.createdByApiKeyName === null ? null : { id: row.createdByApiKeyId, name: row.createdByApiKeyName },
      ),
    );
  }

  /**
   * Runs `work` in a transaction; what it defers with `afterCommit` runs once committed. Inside
   * the caller's transaction when given (an API request's Idempotency-Key is claimed in it).
   */
  async function transaction<T>(work: (within: TxContext) => Promise<T>, outer?: TxContext): Promise<T> {
    if (outer) return work(outer);
    const after: Array<() => void> = [];
    const result = await deps.db.transaction((tx) => work({ tx, afterCommit: (fn) => after.push(fn) }));
    for (const fn of after) fn();
    return result;
  }

  return {
    deps,
    repo,
    view,
    views,
    transaction,
    isSending: gate.isSending,
    remember: gate.remember,
    forget: gate.forget,
    /** In the transaction of a state change: the other instances' gates read it again on commit. */
    changed: gate.changed,
    /**
     * Announces a changed campaign to its workspace (with its counts). Inside the caller's
     * transaction when given: read in it, announced once it commits.
     */
    async announce(row: CampaignRow, outer?: TxContext): Promise<Campaign> {
      if (!outer) gate.remember(row.id, row.state);
      const campaign = await view(row, outer?.tx);
      const publish = () => deps.events.toWorkspace(row.workspaceId, 'campaign.updated', { campaign });
      if (outer)
        outer.afterCommit(() => {
          gate.remember(row.id, row.state);
          publish();
        });
      else publish();
      return campaign;
    },
  };
}

export type CampaignContext = ReturnType<typeof createCampaignContext>;

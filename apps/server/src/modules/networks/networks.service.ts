import type { Network, NetworkLogEntry, NetworkStatus } from '@switchboard/contract';
import type { NetworkLogInput, NetworkRuntime } from '../../channels/channel.js';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { MessageHistory } from '../messaging/message-history.js';
import { createAndroidPairings } from './android-pairings.js';
import { createNetworkChanges, type ChangeListener } from './network-changes.js';
import { createNetworkEditing, networkNotFound } from './network-editing.js';
import { createSecretsReader } from './network-secrets.js';
import { toNetwork, toNetworkState, type NetworkState, type NetworkViewContext } from './network-view.js';
import { createNetworkLeasesRepository } from './network-leases.repository.js';
import { createDefaultNetworkRepository } from './default-network.repository.js';
import { createNetworksRepository, type NetworkLogRow, type NetworkRow } from './networks.repository.js';
import { createRuntimeCache } from './runtime-cache.js';

export { SANDBOX_ADDRESS } from './network-editing.js';

const LOG_PAGE = 100;

export interface NetworksServiceDeps extends NetworkViewContext {
  db: Db;
  secretBox: SecretBox;
  events: EventPublisher;
  /** Today's message counts of the list (messaging owns the messages). */
  history: Pick<MessageHistory, 'todayCounts'>;
  /** Tells the other instances of a changed or deleted network (their runtimes and runners). */
  bus: ClusterBus;
}

/**
 * The workspace's networks (DESIGN §2). The workspace's side: list, edit (network-editing.ts),
 * logs. The channels' side: opened runtimes (runtime-cache.ts), status, signs of life, log
 * entries, leases (which instance runs a network), Android pairings (android-pairings.ts).
 */
export function createNetworksService(deps: NetworksServiceDeps) {
  const repo = createNetworksRepository(deps.db);
  const leases = createNetworkLeasesRepository(deps.db);
  const pairings = createAndroidPairings(deps);
  const listeners = new Set<ChangeListener>();
  const defaults = createDefaultNetworkRepository(deps.db, listeners, deps.bus);
  const addLog = (id: string, entry: NetworkLogInput) =>
    repo.addLog(id, { kind: entry.kind, message: entry.message, details: entry.details ?? null });
  const secretsOf = createSecretsReader(deps.secretBox, addLog);
  const runtimeOf = (row: NetworkRow) => runtimeFrom(row, secretsOf(row));
  const runtimes = createRuntimeCache({ findById: repo.findById, runtimeOf, touch: repo.touch });

  async function view(row: NetworkRow): Promise<Network> {
    const counts = await deps.history.todayCounts(row.workspaceId, [row.id]);
    const device = row.kind === 'android' ? await pairings.findDevice(row.id) : undefined;
    return toNetwork(row, secretsOf(row), counts.get(row.id), device, deps);
  }
  const changed = createNetworkChanges(deps.bus, runtimes, listeners);

  /** Tells the browsers; `reconfigured` also tells the runners to restart the channel (new settings). */
  async function announce(row: NetworkRow, reconfigured: boolean) {
    if (reconfigured) changed(row.id, 'changed');
    deps.events.toWorkspace(row.workspaceId, 'network.updated', { network: await view(row) });
  }

  const editing = createNetworkEditing({
    ...deps,
    repo,
    pairings,
    secretsOf,
    view,
    announce,
    removed(workspaceId, id) {
      changed(id, 'removed');
      deps.events.toWorkspace(workspaceId, 'network.deleted', { id });
    },
  });

  return {
    ...editing,
    androidPairings: pairings,

    onChange(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async list(workspaceId: string): Promise<Network[]> {
      const rows = await repo.list(workspaceId);
      const ids = (kind?: Network['kind']) => rows.filter((row) => !kind || row.kind === kind).map((row) => row.id);
      const [counts, devices] = await Promise.all([
        deps.history.todayCounts(workspaceId, ids()),
        pairings.findDevices(ids('android')),
      ]);
      return rows.map((row) => toNetwork(row, secretsOf(row), counts.get(row.id), devices.get(row.id), deps));
    },
    states: async (workspaceId: string): Promise<NetworkState[]> => (await repo.list(workspaceId)).map(toNetworkState),

    async get(workspaceId: string, id: string): Promise<Network> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw networkNotFound();
      return view(row);
    },

    /** The ids among `ids` that are networks of the workspace. */
    ownIds: (workspaceId: string, ids: string[]) => repo.ownIds(workspaceId, ids),

    /** The workspace's networks as the auto-reply engine knows them (id, name, address). */
    summaries: (workspaceId: string, tx?: Db) => repo.summaries(workspaceId, tx),
    defaultId: defaults.defaultId,
    defaultChanged: defaults.chosen, // the workspace's profile chose another default
    workspaceDeleted: (ids: string[]) => ids.forEach((id) => changed(id, 'removed')), // they stop everywhere

    async logs(workspaceId: string, id: string): Promise<NetworkLogEntry[]> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw networkNotFound();
      return (await repo.listLogs(id, LOG_PAGE)).map(toLogEntry);
    },

    /** A workspace's saved network with its secrets opened, read now (no cache): connection tests. */
    async savedRuntime(workspaceId: string, id: string): Promise<NetworkRuntime> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw networkNotFound();
      return runtimeOf(row);
    },

    /** For channels: the network with its secrets opened, or undefined. Never leave the server. */
    runtime: (id: string) => runtimes.get(id),

    /** For the pipeline: a workspace's network with its secrets opened (404 for another workspace's). */
    async runtimeInWorkspace(workspaceId: string, id: string, tx?: Db): Promise<NetworkRuntime> {
      // Inside a caller's transaction the read must use it: the embedded database has one connection.
      const runtime = await runtimes.get(id, tx);
      if (!runtime || runtime.workspaceId !== workspaceId) throw networkNotFound();
      return runtime;
    },

    async setStatus(id: string, status: NetworkStatus, lastError: string | null = null): Promise<void> {
      const row = await repo.setStatus(id, status, lastError);
      if (row) await announce(row, false);
    },

    touch: (id: string) => repo.touch([id]),
    touchMany: runtimes.touchMany,

    /** For channels: tells the browsers about a change the status does not show (a phone paired, a stream opened). */
    async announce(id: string): Promise<void> {
      const row = await repo.findById(id);
      if (row) await announce(row, false);
    },

    log: addLog,

    /** Which instance runs each network (network-leases.repository.ts). */
    claimLeases: leases.claimLeases,
    releaseLeases: leases.releaseLeases,
    clearAllLeases: leases.clearAllLeases,
  };
}

/** A network with its secrets opened, as channels use it. */
function runtimeFrom(row: NetworkRow, secrets: Record<string, string>): NetworkRuntime {
  const { id, workspaceId, kind, name, address, throughput, enabled } = row;
  return { id, workspaceId, kind, name, address, throughput, enabled, settings: { ...row.settings, ...secrets } };
}

const toLogEntry = (r: NetworkLogRow): NetworkLogEntry => ({
  id: r.id,
  kind: r.kind,
  message: r.message,
  details: r.details ?? null,
  createdAt: r.createdAt.toISOString(),
});

export type NetworksService = ReturnType<typeof createNetworksService>;

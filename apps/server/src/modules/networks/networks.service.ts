import {
  CreateNetworkBodySchema,
  HttpSettingsPatchSchema,
  HttpSettingsSchema,
  SmppSettingsPatchSchema,
  SmppSettingsSchema,
  type AndroidRegistration,
  type CreateNetworkBody,
  type Network,
  type NetworkLogEntry,
  type NetworkStatus,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import type { NetworkLogInput, NetworkRuntime } from '../../channels/channel.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { androidServerUrl, SECRET_FIELDS, toNetwork, type NetworkViewContext } from './network-view.js';
import { createNetworksRepository, type NetworkRow } from './networks.repository.js';

/** The sandbox's own number: a fictional one (555-01xx) that reaches nobody. */
export const SANDBOX_ADDRESS = '+12025550100';
const LOG_PAGE = 100;
const RUNTIME_CACHE_MS = 5_000;
const RUNTIME_CACHE_SIZE = 10_000;

export interface NetworksServiceDeps extends NetworkViewContext {
  db: Db;
  secretBox: SecretBox;
  events: EventPublisher;
}

type ChangeListener = (networkId: string, change: 'changed' | 'removed') => void;

function splitSecrets(kind: NetworkRow['kind'], settings: Record<string, unknown>) {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (SECRET_FIELDS[kind].includes(key)) secrets[key] = String(value);
    else plain[key] = value;
  }
  return { plain, secrets };
}

/** The workspace's networks (DESIGN §2): settings, sealed secrets, status, logs, pairing. */
export function createNetworksService(deps: NetworksServiceDeps) {
  const repo = createNetworksRepository(deps.db);
  const listeners = new Set<ChangeListener>();
  const notFound = () => new AppError('NOT_FOUND', 'No such network in this workspace.');
  // Secrets sealed under another SECRETS_KEY (a key that changed, or instances on one database
  // with different generated keys) cannot be opened: the network still lists and can be edited
  // (saving new secrets seals them again), and its log says what happened, once per process.
  const unreadable = new Set<string>();
  const secretsOf = (row: NetworkRow): Record<string, string> => {
    try {
      return deps.secretBox.openJson(row.secrets);
    } catch {
      if (!unreadable.has(row.id)) {
        unreadable.add(row.id);
        void repo
          .addLog(row.id, {
            kind: 'error',
            message:
              'The saved secrets cannot be opened with this server’s SECRETS_KEY (was it changed?). Enter them again.',
            details: null,
          })
          .catch(() => {});
      }
      return {};
    }
  };

  /**
   * Opened networks for the message path (every inbound and outbound message needs one), kept
   * for a few seconds. A change made on this instance drops the entry at once; one made on
   * another instance applies here within RUNTIME_CACHE_MS.
   */
  const runtimes = new Map<string, { runtime: NetworkRuntime; until: number }>();
  const recentlyTouched = new Map<string, number>();
  async function cachedRuntime(id: string, tx?: Db): Promise<NetworkRuntime | undefined> {
    const hit = runtimes.get(id);
    if (hit && hit.until > Date.now()) return hit.runtime;
    const row = await repo.findById(id, tx);
    if (!row) {
      runtimes.delete(id);
      return undefined;
    }
    const runtime = runtimeOf(row);
    if (runtimes.size >= RUNTIME_CACHE_SIZE) runtimes.clear();
    runtimes.set(id, { runtime, until: Date.now() + RUNTIME_CACHE_MS });
    return runtime;
  }

  async function view(row: NetworkRow): Promise<Network> {
    const counts = await repo.countsSince(row.workspaceId, startOfToday(), row.id);
    const device = row.kind === 'android' ? await repo.findAndroidDevice(row.id) : undefined;
    return toNetwork(row, secretsOf(row), counts.get(row.id), device, deps);
  }

  /** Tells the browsers; `reconfigured` also tells the runner to restart the channel (new settings). */
  async function announce(row: NetworkRow, reconfigured: boolean) {
    if (reconfigured) runtimes.delete(row.id);
    deps.events.toWorkspace(row.workspaceId, 'network.updated', { network: await view(row) });
    if (reconfigured) for (const listener of listeners) listener(row.id, 'changed');
  }

  async function issueRegistrationToken(networkId: string, tx: Db = deps.db): Promise<AndroidRegistration> {
    const token = randomToken();
    await repo.upsertAndroidPairing(
      {
        networkId,
        registrationTokenHash: hashToken(token),
        registrationTokenHint: token.slice(-4),
        webhookToken: randomToken(),
        signingKey: deps.secretBox.seal(randomToken()),
      },
      tx,
    );
    return { serverUrl: androidServerUrl(deps.publicUrl), token };
  }

  function runtimeOf(row: NetworkRow): NetworkRuntime {
    return {
      id: row.id,
      workspaceId: row.workspaceId,
      kind: row.kind,
      name: row.name,
      address: row.address,
      throughput: row.throughput,
      enabled: row.enabled,
      settings: { ...row.settings, ...secretsOf(row) },
    };
  }

  return {
    onChange(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async list(workspaceId: string): Promise<Network[]> {
      const [rows, counts] = await Promise.all([repo.list(workspaceId), repo.countsSince(workspaceId, startOfToday())]);
      return Promise.all(
        rows.map(async (row) => {
          const device = row.kind === 'android' ? await repo.findAndroidDevice(row.id) : undefined;
          return toNetwork(row, secretsOf(row), counts.get(row.id), device, deps);
        }),
      );
    },

    async get(workspaceId: string, id: string): Promise<Network> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw notFound();
      return view(row);
    },

    /** Every new workspace gets a connected sandbox, so a new user can try everything at once. */
    async createSandbox(workspaceId: string, tx: Db = deps.db): Promise<void> {
      await repo.insert(
        {
          workspaceId,
          kind: 'sandbox',
          name: 'Sandbox',
          address: SANDBOX_ADDRESS,
          throughput: 10,
          status: 'connected',
        },
        tx,
      );
    },

    async create(
      workspaceId: string,
      body: CreateNetworkBody,
    ): Promise<{ network: Network; registration?: AndroidRegistration }> {
      const parsed = CreateNetworkBodySchema.parse(body);
      const { plain, secrets } = splitSecrets(parsed.kind, 'settings' in parsed ? parsed.settings : {});
      const result = await deps.db.transaction(async (tx) => {
        const row = await repo.insert(
          {
            workspaceId,
            kind: parsed.kind,
            name: parsed.name,
            address: 'address' in parsed ? parsed.address : parsed.kind === 'sandbox' ? SANDBOX_ADDRESS : '',
            throughput: 'throughput' in parsed ? parsed.throughput : parsed.kind === 'sandbox' ? 10 : 1,
            // The sandbox is always there; the others connect once their channel says so.
            status: parsed.kind === 'sandbox' ? 'connected' : 'disconnected',
            lastSeenAt: parsed.kind === 'sandbox' ? new Date() : null,
            settings: plain,
            secrets: Object.keys(secrets).length ? deps.secretBox.sealJson(secrets) : null,
          },
          tx,
        );
        const registration = parsed.kind === 'android' ? await issueRegistrationToken(row.id, tx) : undefined;
        return { row, registration };
      });
      await announce(result.row, true);
      return { network: await view(result.row), registration: result.registration };
    },

    async update(workspaceId: string, id: string, body: UpdateNetworkBody): Promise<Network> {
      const current = await repo.findInWorkspace(workspaceId, id);
      if (!current) throw notFound();
      const values: Partial<NetworkRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.address !== undefined) values.address = body.address;
      if (body.throughput !== undefined) values.throughput = body.throughput;
      if (body.enabled !== undefined) values.enabled = body.enabled;
      if (body.settings) {
        if (current.kind !== 'smpp' && current.kind !== 'http') {
          throw new AppError('WRONG_NETWORK_KIND', `A ${current.kind} network has no settings to change.`);
        }
        const patch = (current.kind === 'smpp' ? SmppSettingsPatchSchema : HttpSettingsPatchSchema).safeParse(
          body.settings,
        );
        const full = patch.success
          ? (current.kind === 'smpp' ? SmppSettingsSchema : HttpSettingsSchema).safeParse({
              ...current.settings,
              ...secretsOf(current),
              ...patch.data,
            })
          : patch;
        if (!full.success) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Some settings are not valid for this network.',
            full.error.issues.map((issue) => ({
              path: `body.settings.${issue.path.join('.')}`,
              message: issue.message,
            })),
          );
        }
        const { plain, secrets } = splitSecrets(current.kind, full.data);
        values.settings = plain;
        values.secrets = deps.secretBox.sealJson(secrets);
      }
      if (values.enabled === false) values.status = current.kind === 'sandbox' ? 'connected' : 'disconnected';
      const row = await repo.update(workspaceId, id, values);
      if (!row) throw notFound();
      await announce(row, true);
      return view(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      runtimes.delete(id);
      if (!(await repo.remove(workspaceId, id))) throw notFound();
      deps.events.toWorkspace(workspaceId, 'network.deleted', { id });
      for (const listener of listeners) listener(id, 'removed');
    },

    /** Android: a new registration token (shown once); the paired phone must register again. */
    async rotateRegistrationToken(
      workspaceId: string,
      id: string,
    ): Promise<{ network: Network; registration: AndroidRegistration }> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw notFound();
      if (row.kind !== 'android') {
        throw new AppError('WRONG_NETWORK_KIND', 'Only Android networks have a registration token.');
      }
      const registration = await issueRegistrationToken(id);
      const updated = (await repo.setStatus(id, 'disconnected', null)) ?? row;
      await announce(updated, true);
      return { network: await view(updated), registration };
    },

    async logs(workspaceId: string, id: string): Promise<NetworkLogEntry[]> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw notFound();
      const rows = await repo.listLogs(id, LOG_PAGE);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        message: r.message,
        details: r.details ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** A workspace's saved network with its secrets opened, read now (no cache): connection tests. */
    async savedRuntime(workspaceId: string, id: string): Promise<NetworkRuntime> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw notFound();
      return runtimeOf(row);
    },

    /** For channels: the network with its secrets opened, or undefined. Never leave the server. */
    runtime: (id: string) => cachedRuntime(id),

    /** For the pipeline: a workspace's network with its secrets opened (404 for another workspace's). */
    async runtimeInWorkspace(workspaceId: string, id: string, tx?: Db): Promise<NetworkRuntime> {
      // Inside a caller's transaction the read must use it: the embedded database has one connection.
      const runtime = await cachedRuntime(id, tx);
      if (!runtime || runtime.workspaceId !== workspaceId) throw notFound();
      return runtime;
    },

    async setStatus(id: string, status: NetworkStatus, lastError: string | null = null): Promise<void> {
      const row = await repo.setStatus(id, status, lastError);
      if (row) await announce(row, false);
    },

    touch: (id: string) => repo.touch([id]),
    /**
     * Sign of life of the networks of an inbound batch, in its transaction; skipped for networks
     * this instance recorded within the last 10 s (the statement would change nothing).
     */
    async touchMany(ids: string[], tx?: Db): Promise<void> {
      const now = Date.now();
      const due = ids.filter((id) => now - (recentlyTouched.get(id) ?? 0) >= 10_000);
      if (due.length === 0) return;
      for (const id of due) recentlyTouched.set(id, now);
      if (recentlyTouched.size > RUNTIME_CACHE_SIZE) recentlyTouched.clear();
      await repo.touch(due, tx);
    },

    /** For channels: tells the browsers about a change the status does not show (a phone paired, a stream opened). */
    async announce(id: string): Promise<void> {
      const row = await repo.findById(id);
      if (row) await announce(row, false);
    },

    async log(id: string, entry: NetworkLogInput): Promise<void> {
      await repo.addLog(id, { kind: entry.kind, message: entry.message, details: entry.details ?? null });
    },

    claimLeases: (holder: string, seconds: number) => repo.claimLeases(holder, seconds),
    releaseLeases: (holder: string, networkIds?: string[]) => repo.releaseLeases(holder, networkIds),
    clearAllLeases: () => repo.clearAllLeases(),
  };
}

function startOfToday(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export type NetworksService = ReturnType<typeof createNetworksService>;

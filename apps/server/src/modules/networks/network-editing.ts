import {
  CreateNetworkBodySchema,
  type AndroidRegistration,
  type CreateNetworkBody,
  type Network,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AndroidPairings } from './android-pairings.js';
import { splitSecrets } from './network-secrets.js';
import { patchedSettings } from './network-settings.js';
import type { NetworkRow, NetworksRepository } from './networks.repository.js';

/** The sandbox's own number: a fictional one (555-01xx) that reaches nobody. */
export const SANDBOX_ADDRESS = '+12025550100';

export interface NetworkEditingDeps {
  db: Db;
  repo: NetworksRepository;
  secretBox: SecretBox;
  pairings: AndroidPairings;
  secretsOf(row: NetworkRow): Record<string, string>;
  view(row: NetworkRow): Promise<Network>;
  /** Tells the browsers; `reconfigured` also restarts the channel (networks.service.ts). */
  announce(row: NetworkRow, reconfigured: boolean): Promise<void>;
  removed(workspaceId: string, id: string): void;
}

export const networkNotFound = () => new AppError('NOT_FOUND', 'No such network in this workspace.');

/** A validated create body as the row to insert (secrets sealed). */
function newRow(workspaceId: string, body: CreateNetworkBody, secretBox: SecretBox) {
  const parsed = CreateNetworkBodySchema.parse(body);
  const { plain, secrets } = splitSecrets(parsed.kind, 'settings' in parsed ? parsed.settings : {});
  const sandbox = parsed.kind === 'sandbox';
  return {
    workspaceId,
    kind: parsed.kind,
    name: parsed.name,
    address: 'address' in parsed ? parsed.address : sandbox ? SANDBOX_ADDRESS : '',
    throughput: 'throughput' in parsed ? parsed.throughput : sandbox ? 10 : 1,
    // The sandbox is always there; the others connect once their channel says so.
    status: sandbox ? ('connected' as const) : ('disconnected' as const),
    lastSeenAt: sandbox ? new Date() : null,
    settings: plain,
    secrets: Object.keys(secrets).length ? secretBox.sealJson(secrets) : null,
  };
}

/** A workspace's changes to its networks: add, edit, delete, re-pair a phone. */
export function createNetworkEditing(deps: NetworkEditingDeps) {
  const { repo } = deps;
  return {
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
      const values = newRow(workspaceId, body, deps.secretBox);
      const result = await deps.db.transaction(async (tx) => {
        const row = await repo.insert(values, tx);
        const registration =
          row.kind === 'android' ? await deps.pairings.issueRegistrationToken(row.id, tx) : undefined;
        return { row, registration };
      });
      await deps.announce(result.row, true);
      return { network: await deps.view(result.row), registration: result.registration };
    },

    async update(workspaceId: string, id: string, body: UpdateNetworkBody): Promise<Network> {
      const current = await repo.findInWorkspace(workspaceId, id);
      if (!current) throw networkNotFound();
      const values: Partial<NetworkRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.address !== undefined) values.address = body.address;
      if (body.throughput !== undefined) values.throughput = body.throughput;
      if (body.enabled !== undefined) values.enabled = body.enabled;
      if (body.settings) {
        const full = patchedSettings(current, deps.secretsOf(current), body.settings);
        const { plain, secrets } = splitSecrets(current.kind, full);
        values.settings = plain;
        values.secrets = deps.secretBox.sealJson(secrets);
      }
      if (values.enabled === false) values.status = current.kind === 'sandbox' ? 'connected' : 'disconnected';
      const row = await repo.update(workspaceId, id, values);
      if (!row) throw networkNotFound();
      await deps.announce(row, true);
      return deps.view(row);
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repo.remove(workspaceId, id))) throw networkNotFound();
      deps.removed(workspaceId, id);
    },

    /** Android: a new registration token (shown once); the paired phone must register again. */
    async rotateRegistrationToken(
      workspaceId: string,
      id: string,
    ): Promise<{ network: Network; registration: AndroidRegistration }> {
      const row = await repo.findInWorkspace(workspaceId, id);
      if (!row) throw networkNotFound();
      if (row.kind !== 'android') {
        throw new AppError('WRONG_NETWORK_KIND', 'Only Android networks have a registration token.');
      }
      const registration = await deps.pairings.issueRegistrationToken(id);
      const updated = (await repo.setStatus(id, 'disconnected', null)) ?? row;
      await deps.announce(updated, true);
      return { network: await deps.view(updated), registration };
    },
  };
}

import type { RegistrationDetails, Workspace } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { createWorkspacesRepository, type StoredComplianceTexts, type WorkspaceRow } from './workspaces.repository.js';

export type { StoredComplianceTexts } from './workspaces.repository.js';

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    registration: row.registration ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface WorkspacesServiceOptions {
  /** Runs in the creating transaction (every new workspace gets its sandbox network). */
  onCreated(workspaceId: string, tx: Db): Promise<void>;
}

export function createWorkspacesService(db: Db, options: WorkspacesServiceOptions) {
  const repo = createWorkspacesRepository(db);
  return {
    /** A new workspace with what every workspace starts with; pass the caller's transaction. */
    async create(name: string, tx: Db): Promise<WorkspaceRow> {
      const row = await repo.insert(name, tx);
      await options.onCreated(row.id, tx);
      return row;
    },

    /** Whether the database has any workspace yet. */
    any: () => repo.any(),

    /** In the caller's transaction: holds the workspace's row (a per-workspace count and insert). */
    lock: (workspaceId: string, tx: Db) => repo.lock(workspaceId, tx),

    /** Stored for the compliance module; undefined for no such workspace. */
    complianceTexts: (workspaceId: string, tx?: Db) => repo.complianceTexts(workspaceId, tx),
    setComplianceTexts: (workspaceId: string, patch: Partial<StoredComplianceTexts>) =>
      repo.setComplianceTexts(workspaceId, patch),

    /** Stored for the auto-reply module (its loop guard); undefined for no such workspace. */
    autoReplyHourlyLimit: (workspaceId: string, tx?: Db) => repo.autoReplyHourlyLimit(workspaceId, tx),
    setAutoReplyHourlyLimit: (workspaceId: string, limit: number) => repo.setAutoReplyHourlyLimit(workspaceId, limit),

    /** Spec §7 `new_user`: idempotent — the same details give the same workspace. */
    async saveRegistration(workspaceId: string, details: RegistrationDetails): Promise<Workspace> {
      const current = await repo.findById(workspaceId);
      if (!current) throw new AppError('NOT_FOUND', 'Workspace not found.');
      const name = details.company?.trim() || current.name;
      return toWorkspace(await repo.setRegistration(workspaceId, details, name));
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

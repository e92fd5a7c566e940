import type { PlanId, RegistrationDetails, UpdateWorkspaceBody, Workspace } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { createAuditLogRepository } from './audit-log.repository.js';
import { createUsage } from './usage.js';
import { createWorkspaceErasureRepository } from './workspace-erasure.repository.js';
import { createWorkspaceProfileRepository } from './workspace-profile.repository.js';
import { createWorkspacesRepository, type StoredComplianceTexts, type WorkspaceRow } from './workspaces.repository.js';

export type { StoredComplianceTexts } from './workspaces.repository.js';

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    registration: row.registration ?? null,
    planId: row.planId,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface WorkspacesServiceOptions {
  /** Runs in the creating transaction (every new workspace gets its sandbox network). */
  onCreated(workspaceId: string, tx: Db): Promise<void>;
  events: EventPublisher;
}

/** A name IANA knows (Intl throws a RangeError for any other). */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function createWorkspacesService(db: Db, options: WorkspacesServiceOptions) {
  const repo = createWorkspacesRepository(db);
  const usage = createUsage(db);
  const auditLog = createAuditLogRepository(db);
  const found = (row: WorkspaceRow | undefined): Workspace => {
    if (!row) throw new AppError('NOT_FOUND', 'Workspace not found.');
    return toWorkspace(row);
  };
  const announce = (workspace: Workspace) =>
    options.events.toWorkspace(workspace.id, 'workspace.updated', { workspace });

  /**
   * Where the workspace's months begin (an IANA zone), audited as the admin's (`userId`, null
   * for the system); the current month is read in the new zone from now on.
   */
  async function setTimeZone(workspaceId: string, timeZone: string, userId: string | null = null): Promise<Workspace> {
    if (!isTimeZone(timeZone))
      throw new AppError('VALIDATION_FAILED', `${timeZone} is not an IANA time zone.`, [
        { path: 'body.timeZone', message: 'Not an IANA time zone' },
      ]);
    const workspace = found(await repo.setTimeZone(workspaceId, timeZone, userId));
    announce(workspace);
    return workspace;
  }

  return {
    /**
     * A new workspace with what every workspace starts with (the smallest plan unless given,
     * registration details when given: a paid checkout's sign-up); pass the caller's transaction.
     */
    async create(name: string, tx: Db, planId?: PlanId, registration?: RegistrationDetails): Promise<WorkspaceRow> {
      const row = await repo.insert(name, tx, planId, registration);
      await options.onCreated(row.id, tx);
      return row;
    },

    /** The stored row (in the caller's transaction when given); undefined for no such workspace. */
    find: (workspaceId: string, tx?: Db) => repo.findById(workspaceId, tx),

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

    /** The plan and this month's outbound SMS segments (GET /api/usage). */
    usage: usage.current,
    /** For a queue refused by the quota: the segments still free this month (0 when none). */
    remainingSegments: usage.remaining,

    /**
     * Switches the plan at once, audited, and tells the workspace's browsers. No route calls it: a
     * customer's plan changes through billing (changePlanIn); tests and tools set one directly.
     */
    async changePlan(workspaceId: string, planId: PlanId, userId: string): Promise<Workspace> {
      const workspace = found(await repo.changePlan(workspaceId, planId, userId));
      announce(workspace);
      return workspace;
    },

    /**
     * Billing: switches the plan in the caller's transaction (audited; `userId` null for the
     * system) and answers the workspace; announce it with `announce` after the commit.
     */
    async changePlanIn(workspaceId: string, planId: PlanId, userId: string | null, tx: Db): Promise<Workspace> {
      return found(await repo.changePlan(workspaceId, planId, userId, tx));
    },

    /** Tells the workspace's browsers (`workspace.updated`); after the commit of a change. */
    announce,

    /** Other modules' changes in the workspace's audit log (billing's `billing.*`). */
    auditLog,

    setTimeZone,

    /** The profile's columns (account module: `/profile-settings`): company, address, logo, default network. */
    profile: createWorkspaceProfileRepository(db),
    /** Deleting a workspace with everything in it, in the caller's transaction (account module). */
    erasure: createWorkspaceErasureRepository(),

    /** `PATCH /api/workspace` (admins): the settings given change; an empty patch answers the workspace. */
    async update(workspaceId: string, patch: UpdateWorkspaceBody, userId: string): Promise<Workspace> {
      if (patch.timeZone !== undefined) return setTimeZone(workspaceId, patch.timeZone, userId);
      return found(await repo.findById(workspaceId));
    },

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

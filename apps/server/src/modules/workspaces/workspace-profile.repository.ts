import { and, eq, sql } from 'drizzle-orm';
import type { UserLocation } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { workspaces } from '../../db/schema/index.js';

export interface ProfilePatch {
  name?: string;
  company?: string | null;
  address?: UserLocation;
  defaultNetworkId?: string | null;
}

/** The workspace's profile columns (`/profile-settings`): company, address, logo, default network. */
export function createWorkspaceProfileRepository(db: Db) {
  return {
    async find(workspaceId: string) {
      const [row] = await db
        .select({
          company: workspaces.company,
          address: workspaces.address,
          logoKey: workspaces.logoKey,
          logoVersion: workspaces.logoVersion,
          defaultNetworkId: workspaces.defaultNetworkId,
        })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return row;
    },

    /** The address merges into what is stored: a key given null (or '') is removed, others stay. */
    async update(workspaceId: string, patch: ProfilePatch): Promise<boolean> {
      const set: Record<string, unknown> = { updatedAt: new Date() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.company !== undefined) set.company = patch.company || null;
      if (patch.defaultNetworkId !== undefined) set.defaultNetworkId = patch.defaultNetworkId;
      if (patch.address !== undefined) {
        const address = Object.fromEntries(Object.entries(patch.address).map(([k, v]) => [k, v || null]));
        set.address = sql`jsonb_strip_nulls(coalesce(${workspaces.address}, '{}'::jsonb) || ${JSON.stringify(address)}::jsonb)`;
      }
      const rows = await db
        .update(workspaces)
        .set(set)
        .where(eq(workspaces.id, workspaceId))
        .returning({ id: workspaces.id });
      return rows.length > 0;
    },

    /** Points the workspace at a new logo file (null: none); answers the key it replaces. */
    async setLogo(workspaceId: string, logoKey: string | null): Promise<{ previousKey: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ key: workspaces.logoKey, version: workspaces.logoVersion })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId))
          .for('update');
        if (!current) return undefined;
        const version = logoKey ? (current.version ?? 0) + 1 : current.version;
        await tx
          .update(workspaces)
          .set({ logoKey, logoVersion: version, updatedAt: new Date() })
          .where(eq(workspaces.id, workspaceId));
        return { previousKey: current.key };
      });
    },

    /** The stored file of a logo version, if it is the current one. */
    async findLogo(workspaceId: string, version: number): Promise<string | undefined> {
      const [row] = await db
        .select({ key: workspaces.logoKey })
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId), eq(workspaces.logoVersion, version)));
      return row?.key ?? undefined;
    },
  };
}

export type WorkspaceProfileRepository = ReturnType<typeof createWorkspaceProfileRepository>;

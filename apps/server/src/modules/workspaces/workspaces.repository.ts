import { eq } from 'drizzle-orm';
import type { RegistrationDetails } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { workspaces } from '../../db/schema/index.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export function createWorkspacesRepository(db: Db) {
  return {
    async insert(name: string, tx: Db = db): Promise<WorkspaceRow> {
      const [row] = await tx.insert(workspaces).values({ name }).returning();
      return row!;
    },
    /** Whether the database has any workspace yet (the demo seed fills only a new one). */
    async any(): Promise<boolean> {
      const [row] = await db.select({ id: workspaces.id }).from(workspaces).limit(1);
      return !!row;
    },
    async findById(id: string): Promise<WorkspaceRow | undefined> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
      return row;
    },
    async setRegistration(id: string, registration: RegistrationDetails, name: string): Promise<WorkspaceRow> {
      const [row] = await db
        .update(workspaces)
        .set({ registration, name, updatedAt: new Date() })
        .where(eq(workspaces.id, id))
        .returning();
      return row!;
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;

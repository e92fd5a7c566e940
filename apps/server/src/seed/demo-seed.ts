import { count } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users, workspaces } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.com', displayName: 'Demo Admin', role: 'admin' },
  { email: 'editor@demo.com', displayName: 'Demo Editor', role: 'editor' },
] as const;

/** Fills a new, empty database with the "Demo" workspace (and its sandbox network). Returns whether it seeded. */
export async function seedDemo(db: Db, workspacesService: WorkspacesService): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(workspaces);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const workspace = await workspacesService.create('Demo', tx);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account) => ({
        ...account,
        workspaceId: workspace!.id,
        passwordHash,
        company: 'Demo',
        emailVerifiedAt: new Date(),
      })),
    );
  });
  return true;
}

import type { Services } from '../composition.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../modules/auth/password.js';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.com', displayName: 'Demo Admin', role: 'admin' },
  { email: 'editor@demo.com', displayName: 'Demo Editor', role: 'editor' },
] as const;

/**
 * Fills a new, empty database with the "Demo" workspace (on the unlimited plan, with its sandbox
 * network) and its two accounts. Returns the workspace's id, or undefined when the database had
 * workspaces already.
 */
export async function seedDemoWorkspace(
  db: Db,
  services: Pick<Services, 'workspaces' | 'users'>,
): Promise<string | undefined> {
  if (await services.workspaces.any()) return undefined;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const workspace = await services.workspaces.create('Demo', tx, 'unlimited');
    for (const account of DEMO_ACCOUNTS) {
      await services.users.insert(
        { ...account, workspaceId: workspace.id, passwordHash, company: 'Demo', emailVerifiedAt: new Date() },
        tx,
      );
    }
    return workspace.id;
  });
}

import type { BillingProfile } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { billingProfiles } from '../../../db/schema/index.js';

const profileColumns = {
  name: billingProfiles.name,
  company: billingProfiles.company,
  email: billingProfiles.email,
  addressLines: billingProfiles.addressLines,
  vatId: billingProfiles.vatId,
};

/** The billing_profiles table (module billing/invoices): the buyer's details of a workspace. */
export function createBillingProfilesRepository(db: Db) {
  return {
    async find(workspaceId: string, tx: Db = db): Promise<BillingProfile | undefined> {
      const [row] = await tx
        .select(profileColumns)
        .from(billingProfiles)
        .where(eq(billingProfiles.workspaceId, workspaceId));
      return row;
    },

    /** Creates or replaces the workspace's profile. */
    async save(workspaceId: string, profile: BillingProfile, tx: Db = db): Promise<BillingProfile> {
      const values = { ...profile, updatedAt: new Date() };
      const [row] = await tx
        .insert(billingProfiles)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: values })
        .returning(profileColumns);
      return row!;
    },
  };
}

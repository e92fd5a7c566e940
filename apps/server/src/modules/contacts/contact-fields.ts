import type { ContactField } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import type { ContactFieldsRepository } from './contact-fields.repository.js';

/** The workspace's custom field keys (at most 20, checked by the contract). */
export function createContactFields(db: Db, fields: ContactFieldsRepository) {
  return {
    async list(workspaceId: string): Promise<ContactField[]> {
      return (await fields.keys(workspaceId)).map((key) => ({ key }));
    },

    /** Replaces the keys in this order; values of keys left out are removed from every contact. */
    async replace(workspaceId: string, keys: string[]): Promise<ContactField[]> {
      await db.transaction((tx) => fields.replace(workspaceId, keys, tx));
      return (await fields.keys(workspaceId)).map((key) => ({ key }));
    },

    keys: (workspaceId: string) => fields.keys(workspaceId),
  };
}

export type ContactFields = ReturnType<typeof createContactFields>;

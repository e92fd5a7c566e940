import type { Contact, UpdateContactBody } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { toContact } from './contact-view.js';
import { createContactsRepository } from './contacts.repository.js';

export interface ContactsDeps {
  db: Db;
  events: EventPublisher;
}

/** The people a workspace texts with: their names and tags, and their consent (opt-out state). */
export function createContactsService(deps: ContactsDeps) {
  const repo = createContactsRepository(deps.db);
  return {
    /** The contact of a number (normalised), or undefined when the workspace never had one. */
    findByNumber: (workspaceId: string, phoneNumber: string) => repo.findByNumber(workspaceId, phoneNumber),

    /** The contact of a number, added when new (a caller who left a voice message). */
    findOrCreate: (workspaceId: string, phoneNumber: string) => repo.findOrCreate(workspaceId, phoneNumber),

    /** Name, tags, and the manual opt-out / opt-in (no confirmation is sent for these). */
    async update(workspaceId: string, id: string, patch: UpdateContactBody): Promise<Contact> {
      const row = await repo.update(workspaceId, id, patch);
      if (!row) throw new AppError('NOT_FOUND', 'No such contact in this workspace.');
      const contact = toContact(row);
      deps.events.toWorkspace(workspaceId, 'contact.updated', { contact });
      return contact;
    },

    /** In the caller's transaction: the opt-out state as of now, locked until the commit. */
    isOptedOutLocked: (workspaceId: string, id: string, tx: Db) => repo.lockOptedOut(workspaceId, id, tx),

    /** In the caller's transaction; the changed contact (the caller announces it after its commit). */
    async setOptedOut(workspaceId: string, id: string, optedOut: boolean, tx: Db): Promise<Contact | undefined> {
      const row = await repo.setOptedOut(workspaceId, id, optedOut, tx);
      return row && toContact(row);
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

import type { ContactFilter } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { UsersService } from '../users/users.service.js';
import { createContactAudienceRepository, type AudienceQuery } from './contact-audience.repository.js';
import { createContactBook } from './contact-book.js';
import { createContactBulkRepository } from './contact-bulk.repository.js';
import { createContactBulk } from './contact-bulk.js';
import { createContactExport } from './contact-export.js';
import { createContactFieldsRepository } from './contact-fields.repository.js';
import { createContactFields } from './contact-fields.js';
import { createContactImports } from './contact-imports.js';
import { createContactListsRepository } from './contact-lists.repository.js';
import { createContactLists } from './contact-lists.js';
import { createContactPagesRepository } from './contact-pages.repository.js';
import { toContact } from './contact-view.js';
import { createContactsRepository, type ConsentChange } from './contacts.repository.js';

export type { ContactActor } from './contact-book.js';
export type { ConsentChange } from './contacts.repository.js';
export type { AudienceContact, AudienceQuery } from './contact-audience.repository.js';

export interface ContactsDeps {
  db: Db;
  events: EventPublisher;
  /** Consent history names the admins who changed it. */
  users: Pick<UsersService, 'members'>;
  /** Uploaded CSV files and their invalid rows. */
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * The people a workspace texts with: the contact book (contacts, custom fields, lists, tags,
 * bulk actions, export, CSV imports) and their consent (the opt-out state and its history), which every path
 * that changes it goes through: the keyword step, the inbox, the contact book, imports, the API.
 */
export function createContactsService(deps: ContactsDeps) {
  const contacts = createContactsRepository(deps.db);
  const pages = createContactPagesRepository(deps.db);
  const lists = createContactListsRepository(deps.db);
  const fields = createContactFieldsRepository(deps.db);

  /** A filter may only name the workspace's own list and custom fields. */
  async function checkFilter(workspaceId: string, filter: ContactFilter): Promise<void> {
    if (filter.listId && !(await lists.exists(workspaceId, filter.listId)))
      throw new AppError('NOT_FOUND', 'No such list in this workspace.');
    if (filter.fieldKey && !(await fields.keys(workspaceId)).includes(filter.fieldKey))
      throw new AppError('VALIDATION_FAILED', `"${filter.fieldKey}" is not one of the workspace’s custom fields.`, [
        { path: 'fieldKey', message: 'Not one of the workspace’s custom fields.' },
      ]);
  }

  const audience = createContactAudienceRepository(deps.db);
  const bulk = createContactBulkRepository(deps.db);
  const book = createContactBook({ ...deps, contacts, pages, lists, fields, bulk });
  const exportCsv = createContactExport({ pages, lists, fields });
  return {
    /** The contact of a number (normalised), or undefined when the workspace never had one. */
    findByNumber: (workspaceId: string, phoneNumber: string) => contacts.findByNumber(workspaceId, phoneNumber),

    /** The contact of a number that just sent something (a voice message), added when new. */
    findOrCreate: (workspaceId: string, phoneNumber: string) => contacts.findOrCreate(workspaceId, phoneNumber),

    /** In the caller's transaction: the opt-out state as of now, locked until the commit. */
    isOptedOutLocked: (workspaceId: string, id: string, tx: Db) => contacts.lockOptedOut(workspaceId, id, tx),

    /**
     * In the caller's transaction: opts out or in, recording what did it in the consent history;
     * the changed contact (the caller announces it after its commit), or undefined when it
     * already was in that state.
     */
    async setOptedOut(workspaceId: string, id: string, optedOut: boolean, change: ConsentChange, tx: Db) {
      const row = await contacts.setOptedOut(workspaceId, id, optedOut, change, tx);
      return row && toContact(row);
    },

    ...book,

    /** Contacts by filter, in the list's order: keyset pages. */
    async page(...args: Parameters<typeof book.page>) {
      await checkFilter(args[0], args[1]);
      return book.page(...args);
    },

    async count(workspaceId: string, filter: ContactFilter) {
      await checkFilter(workspaceId, filter);
      return book.count(workspaceId, filter);
    },

    /** The selected contacts as a CSV stream (see contact-export.ts). */
    async exportCsv(...args: Parameters<typeof exportCsv>) {
      const [workspaceId, selection] = args;
      if ('filter' in selection) await checkFilter(workspaceId, selection.filter);
      return exportCsv(...args);
    },

    /**
     * A campaign's recipients (contact-audience.repository.ts): lists must be the workspace's
     * (404 otherwise); pass the caller's transaction.
     */
    async audience(
      workspaceId: string,
      query: AudienceQuery,
      options: { withFields: boolean; onlyContactId?: string; limit?: number },
      tx?: Db,
    ) {
      const listIds = [...new Set([...query.listIds, ...query.excludeListIds])];
      const missing = listIds.length ? await lists.missing(workspaceId, listIds, tx ?? deps.db) : [];
      if (missing.length) throw new AppError('NOT_FOUND', `No such list in this workspace: ${missing.join(', ')}.`);
      return audience.resolve(workspaceId, query, options, tx);
    },

    /** The workspace's custom field keys (what a campaign's text may use besides name and number). */
    fieldKeys: (workspaceId: string, tx?: Db) => fields.keys(workspaceId, tx),

    bulk: createContactBulk({ bulk, lists, checkFilter, events: deps.events }),
    lists: createContactLists(lists),
    fields: createContactFields(deps.db, fields),
    tags: (workspaceId: string) => pages.tags(workspaceId),
    /** CSV imports as jobs (see contact-imports.ts). */
    imports: createContactImports({ ...deps, lists, fields }),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

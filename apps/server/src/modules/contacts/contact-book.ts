import type {
  ContactDetailResponse,
  ContactEntry,
  ContactFilter,
  ContactPageResponse,
  CreateContactBody,
  FieldError,
  UpdateContactBody,
} from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { requireE164 } from '../../lib/phone-number.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { UsersService } from '../users/users.service.js';
import type { ContactBulkRepository } from './contact-bulk.repository.js';
import type { ContactFieldsRepository } from './contact-fields.repository.js';
import type { ContactListsRepository } from './contact-lists.repository.js';
import type { ContactPagesRepository } from './contact-pages.repository.js';
import { selectionConditions, type ContactOrder } from './contact-query.js';
import { toConsentEvent, toContactEntry } from './contact-view.js';
import type { ConsentChange, ContactsRepository, ContactValues } from './contacts.repository.js';

/** Who changes a contact through the contact book (the inbox's keyword step records `keyword`). */
export type ContactActor = Exclude<ConsentChange, { source: 'keyword' }>;

export interface ContactBookDeps {
  db: Db;
  events: EventPublisher;
  users: Pick<UsersService, 'members'>;
  contacts: ContactsRepository;
  pages: ContactPagesRepository;
  lists: ContactListsRepository;
  fields: ContactFieldsRepository;
  bulk: ContactBulkRepository;
}

const notFound = () => new AppError('NOT_FOUND', 'No such contact in this workspace.');

const tidyTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()))];

/**
 * The custom field values of a request, checked against the workspace's keys: set (non-empty)
 * and removed (empty or null). An unknown key is a 400 naming it.
 */
export function fieldChanges(
  given: Record<string, string | null> | undefined,
  keys: string[],
): Pick<ContactValues, 'setFields' | 'removeFields'> {
  if (!given) return {};
  const known = new Set(keys);
  const unknown: FieldError[] = Object.keys(given)
    .filter((key) => !known.has(key))
    .map((key) => ({ path: `body.customFields.${key}`, message: 'Not one of the workspace’s custom fields.' }));
  if (unknown.length)
    throw new AppError('VALIDATION_FAILED', 'Unknown custom fields (see GET /api/contact-fields).', unknown);
  const setFields: Record<string, string> = {};
  const removeFields: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    if (value === null || value.trim() === '') removeFields.push(key);
    else setFields[key] = value.trim();
  }
  return { setFields, removeFields };
}

/** The contact book's use cases for one contact at a time, and its pages. */
export function createContactBook(deps: ContactBookDeps) {
  const { contacts, lists, fields } = deps;

  async function checkLists(workspaceId: string, listIds: string[] | undefined, tx: Db): Promise<void> {
    if (!listIds?.length) return;
    const missing = await lists.missing(workspaceId, listIds, tx);
    if (missing.length) throw new AppError('NOT_FOUND', `No such list in this workspace: ${missing.join(', ')}.`);
  }

  async function values(workspaceId: string, body: UpdateContactBody, tx: Db): Promise<ContactValues> {
    const keys = body.customFields ? await fields.keys(workspaceId, tx, { lock: true }) : [];
    return {
      name: body.name === undefined ? undefined : body.name?.trim() || null,
      tags: body.tags && tidyTags(body.tags),
      timeZone: body.timeZone,
      ...fieldChanges(body.customFields, keys),
    };
  }

  async function entryOf(workspaceId: string, id: string, tx?: Db): Promise<ContactEntry> {
    const row = await contacts.entry(workspaceId, id, tx);
    if (!row) throw notFound();
    return toContactEntry(row);
  }

  // Open inboxes show the contact's name, tags and consent.
  const announce = (workspaceId: string, { id, phoneNumber, name, tags, optedOutAt }: ContactEntry) =>
    deps.events.toWorkspace(workspaceId, 'contact.updated', { contact: { id, phoneNumber, name, tags, optedOutAt } });

  return {
    async page(
      workspaceId: string,
      filter: ContactFilter,
      order: ContactOrder,
      cursor: string | undefined,
      limit: number,
    ): Promise<ContactPageResponse> {
      const page = await deps.pages.page(workspaceId, filter, order, cursor, limit);
      return { contacts: page.rows.map(toContactEntry), nextCursor: page.nextCursor };
    },

    count: (workspaceId: string, filter: ContactFilter) => deps.pages.count(workspaceId, filter),

    /** The contact and its consent history (who or what opted it out or in, newest first). */
    async get(workspaceId: string, id: string): Promise<ContactDetailResponse> {
      const contact = await entryOf(workspaceId, id);
      const history = await contacts.consentHistory(workspaceId, id);
      const names = new Map<string, string>();
      if (history.some((event) => event.userId))
        for (const member of await deps.users.members.list(workspaceId)) names.set(member.id, member.displayName);
      return { contact, consent: history.map((event) => toConsentEvent(event, names)) };
    },

    /** In the caller's transaction when given (the developer API's `Idempotency-Key`), else in its own. */
    async create(
      workspaceId: string,
      body: CreateContactBody,
      actor: ContactActor,
      within?: Db,
    ): Promise<ContactEntry> {
      const phoneNumber = requireE164(body.phoneNumber, 'phoneNumber');
      const inTransaction = <T>(work: (tx: Db) => Promise<T>) => (within ? work(within) : deps.db.transaction(work));
      const contact = await inTransaction(async (tx) => {
        await checkLists(workspaceId, body.listIds, tx);
        const id = await contacts.insert(workspaceId, phoneNumber, await values(workspaceId, body, tx), tx);
        if (!id) throw new AppError('CONTACT_EXISTS', `${phoneNumber} is already a contact of this workspace.`);
        if (body.listIds?.length) await lists.setMemberships(id, body.listIds, tx);
        if (body.optedOut) await contacts.setOptedOut(workspaceId, id, true, actor, tx);
        return entryOf(workspaceId, id, tx);
      });
      // Made opted out: an opt-out on record, announced (a contact.opted_out webhook) after the
      // commit. The developer API's create, the one run in a caller's transaction, takes no optedOut.
      if (body.optedOut && !within) announce(workspaceId, contact);
      return contact;
    },

    /** The given fields; `optedOut` is the manual opt-out / opt-in (recorded; no text is sent). */
    async update(workspaceId: string, id: string, body: UpdateContactBody, actor: ContactActor): Promise<ContactEntry> {
      const contact = await deps.db.transaction(async (tx) => {
        await checkLists(workspaceId, body.listIds, tx);
        if (!(await contacts.update(workspaceId, id, await values(workspaceId, body, tx), tx))) throw notFound();
        if (body.listIds) await lists.setMemberships(id, body.listIds, tx);
        if (body.optedOut !== undefined) await contacts.setOptedOut(workspaceId, id, body.optedOut, actor, tx);
        return entryOf(workspaceId, id, tx);
      });
      announce(workspaceId, contact);
      return contact;
    },

    /** Deletes a contact, unless it has threads or an opt-out on record (409 CONTACT_HAS_HISTORY). */
    async remove(workspaceId: string, id: string): Promise<void> {
      const { deleted, kept } = await deps.bulk.delete(selectionConditions(workspaceId, { ids: [id] }));
      if (!deleted && !kept) throw notFound();
      if (kept)
        throw new AppError(
          'CONTACT_HAS_HISTORY',
          'The contact has conversations or an opt-out on record; it is kept so neither is lost.',
        );
    },
  };
}

export type ContactBook = ReturnType<typeof createContactBook>;

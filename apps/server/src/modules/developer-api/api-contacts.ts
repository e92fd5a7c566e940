import type {
  ApiContact,
  ApiContactDetailResponse,
  ApiCreateContactBody,
  ApiUpdateContactBody,
  ContactEntry,
  ContactFilter,
} from '@switchboard/contract';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { TxContext } from '../messaging/messaging.service.js';

/** The public shape: the book's entry without internals, `optedOut` spelled out, lists by id. */
export function toApiContact(entry: ContactEntry): ApiContact {
  return {
    id: entry.id,
    phoneNumber: entry.phoneNumber,
    name: entry.name,
    tags: entry.tags,
    customFields: entry.customFields,
    timeZone: entry.timeZone,
    optedOut: entry.optedOutAt !== null,
    optedOutAt: entry.optedOutAt,
    lists: entry.listIds,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    lastMessageAt: entry.lastMessageAt,
  };
}

export interface ApiContactsDeps {
  contacts: Pick<ContactsService, 'page' | 'get' | 'create' | 'update' | 'remove' | 'lists' | 'tags'>;
}

/**
 * `/api/v1/contacts`, `/contact-lists` and `/tags` over the contact book: the same rules
 * (E.164, known custom fields and lists, 409 `CONTACT_EXISTS` and `CONTACT_HAS_HISTORY`), and
 * every consent change recorded with the source `api`.
 */
export function createApiContacts(deps: ApiContactsDeps) {
  const { contacts } = deps;
  const api = { source: 'api' as const };

  return {
    /** Newest first, in keyset pages. */
    async list(workspaceId: string, filter: ContactFilter, cursor: string | undefined, limit: number) {
      const page = await contacts.page(workspaceId, filter, { sort: 'created', order: 'desc' }, cursor, limit);
      return { contacts: page.contacts.map(toApiContact), next: page.nextCursor };
    },

    async get(workspaceId: string, id: string): Promise<ApiContactDetailResponse> {
      const { contact, consent } = await contacts.get(workspaceId, id);
      return {
        contact: toApiContact(contact),
        consent: consent.map(({ optedOut, source, createdAt }) => ({ optedOut, source, createdAt })),
      };
    },

    /** In the caller's transaction when given (an `Idempotency-Key`'s). */
    create: async (workspaceId: string, body: ApiCreateContactBody, within?: TxContext) =>
      toApiContact(await contacts.create(workspaceId, body, api, within?.tx)),

    update: async (workspaceId: string, id: string, body: ApiUpdateContactBody) =>
      toApiContact(await contacts.update(workspaceId, id, body, api)),

    remove: (workspaceId: string, id: string) => contacts.remove(workspaceId, id),

    /** Opts out or in (no text is sent); already in that state: nothing is recorded. */
    setOptedOut: async (workspaceId: string, id: string, optedOut: boolean) =>
      toApiContact(await contacts.update(workspaceId, id, { optedOut }, api)),

    lists: (workspaceId: string) => contacts.lists.list(workspaceId),
    tags: (workspaceId: string) => contacts.tags(workspaceId),
  };
}

export type ApiContacts = ReturnType<typeof createApiContacts>;

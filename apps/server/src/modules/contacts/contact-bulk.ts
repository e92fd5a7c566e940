import type { BulkContactBody, BulkContactResponse, ContactFilter } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { ContactBulkRepository } from './contact-bulk.repository.js';
import type { ContactListsRepository } from './contact-lists.repository.js';
import { selectionConditions } from './contact-query.js';

export interface ContactBulkDeps {
  bulk: ContactBulkRepository;
  lists: ContactListsRepository;
  /** A filter's list and custom field must be the workspace's (404 / 400 otherwise). */
  checkFilter: (workspaceId: string, filter: ContactFilter) => Promise<void>;
  events: EventPublisher;
}

/**
 * One action on many contacts: explicit ids, or every contact matching a filter ("select all
 * across pages", minus the ones deselected by hand), applied in one statement. Open contact
 * books hear of it once (`contacts.changed`), not once per contact.
 */
export function createContactBulk(deps: ContactBulkDeps) {
  async function apply(workspaceId: string, body: BulkContactBody): Promise<BulkContactResponse> {
    if ('filter' in body.selection) await deps.checkFilter(workspaceId, body.selection.filter);
    const where = selectionConditions(workspaceId, body.selection);
    switch (body.action) {
      case 'tag':
        return { affected: await deps.bulk.tag(where, body.tag.trim()), skipped: 0 };
      case 'untag':
        return { affected: await deps.bulk.untag(where, body.tag.trim()), skipped: 0 };
      case 'addToList':
      case 'removeFromList': {
        if (!(await deps.lists.exists(workspaceId, body.listId)))
          throw new AppError('NOT_FOUND', 'No such list in this workspace.');
        const affected =
          body.action === 'addToList'
            ? await deps.lists.addMembers(body.listId, where)
            : await deps.lists.removeMembers(body.listId, where);
        return { affected, skipped: 0 };
      }
      case 'delete': {
        const { deleted, kept } = await deps.bulk.delete(where);
        return { affected: deleted, skipped: kept };
      }
    }
  }

  return async function applyAndAnnounce(workspaceId: string, body: BulkContactBody): Promise<BulkContactResponse> {
    const result = await apply(workspaceId, body);
    if (result.affected > 0) deps.events.toWorkspace(workspaceId, 'contacts.changed', { cause: 'bulk' });
    return result;
  };
}

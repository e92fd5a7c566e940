import type { ContactList } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { ContactListsRepository } from './contact-lists.repository.js';
import { toContactList } from './contact-view.js';

const notFound = () => new AppError('NOT_FOUND', 'No such list in this workspace.');
const taken = (name: string) =>
  new AppError('CONTACT_LIST_NAME_TAKEN', `The workspace already has a list named "${name}".`, [
    { path: 'body.name', message: 'Another list has this name.' },
  ]);

/** Lists ("static groups"): names unique in a workspace (any case), member counts. */
export function createContactLists(lists: ContactListsRepository) {
  return {
    list: async (workspaceId: string): Promise<ContactList[]> => (await lists.list(workspaceId)).map(toContactList),

    async create(workspaceId: string, name: string): Promise<ContactList> {
      const row = await lists.create(workspaceId, name.trim());
      if (!row) throw taken(name.trim());
      return toContactList(row);
    },

    async rename(workspaceId: string, id: string, name: string): Promise<ContactList> {
      const row = await lists.rename(workspaceId, id, name.trim());
      if (row === 'taken') throw taken(name.trim());
      if (!row) throw notFound();
      return toContactList(row);
    },

    /** The list goes; its contacts stay. */
    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await lists.remove(workspaceId, id))) throw notFound();
    },

    /** The list, or a 404 when it is not the workspace's. */
    async require(workspaceId: string, id: string): Promise<void> {
      if (!(await lists.exists(workspaceId, id))) throw notFound();
    },
  };
}

export type ContactLists = ReturnType<typeof createContactLists>;

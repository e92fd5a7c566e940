import { CreateContactBodySchema, type CreateContactBody } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import type { TestServices } from './test-services.js';

/** Numbers +1 202 555 <base + i>: valid US numbers, a test file's own range. */
export const numbersFrom =
  (base: number) =>
  (i: number): string =>
    `+1202555${String(base + i).padStart(4, '0')}`;

/**
 * The contact book as its admin uses it in a service test: `admin()` is the consent history's
 * actor, `create` adds a contact (the next number of `numberOf` unless the body gives one).
 * `of` reads the file's services and workspace when called (they are made in its beforeAll).
 */
export function contactsAsAdmin(
  numberOf: (i: number) => string,
  of: () => { t: TestServices; workspaceId: string; userId: string },
) {
  let next = 0;
  const admin = () => ({ source: 'admin' as const, userId: of().userId });
  const create = (body: Partial<CreateContactBody> = {}) =>
    of().t.services.contacts.create(
      of().workspaceId,
      CreateContactBodySchema.parse({ phoneNumber: numberOf(next++), ...body }),
      admin(),
    );
  return { admin, create };
}

/**
 * A new contact list of `size` new contacts (+336 2000 0001 on, names "P1" …, written by SQL: a
 * campaign test needs recipients, not the contact book's rules). Each call's numbers follow the
 * last call's in the workspace.
 */
export function contactListsOf(t: TestServices, workspaceId: string, firstNumber = 20_000_000) {
  let made = 0;
  return async (size: number) => {
    const list = await t.services.contacts.lists.create(workspaceId, `List ${made + 1}–${made + size}`);
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name)
      select ${workspaceId}, '+336' || (${firstNumber}::int + g)::text, 'P' || g
      from generate_series(${made + 1}::int, ${made + size}::int) g`);
    made += size;
    await t.db.execute(sql`insert into contact_list_members (list_id, contact_id, contact_created_at)
      select ${list.id}, id, created_at from contacts where workspace_id = ${workspaceId}
        and id not in (select contact_id from contact_list_members)`);
    return list;
  };
}

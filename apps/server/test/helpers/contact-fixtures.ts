import { CreateContactBodySchema, type CreateContactBody } from '@switchboard/contract';
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

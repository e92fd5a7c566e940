import type { Db } from '../../db/database.js';
import { createUsersRepository } from './users.repository.js';

/** User look-ups for other modules (auth, later members and profile settings). */
export function createUsersService(db: Db) {
  return createUsersRepository(db);
}

export type UsersService = ReturnType<typeof createUsersService>;

import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { UserProfileFields, UserRole, UserStatus, UsersQuery } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/keyset-cursor.js';
import { lastSessionUse } from '../auth/sessions.sql.js';

/**
 * Every §3 column of a user (the team's records, and a user's own account); nothing secret: no
 * password hash, no two-factor secret. `lastActiveAt` is the last use of any of their sessions.
 */
const teamUserColumns = {
  id: users.id,
  workspaceId: users.workspaceId,
  email: users.email,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  providerId: users.providerId,
  role: users.role,
  status: users.status,
  username: users.username,
  dob: users.dob,
  gender: users.gender,
  country: users.country,
  company: users.company,
  mobile: users.mobile,
  website: users.website,
  department: users.department,
  languagesKnown: users.languagesKnown,
  contactOptions: users.contactOptions,
  location: users.location,
  socialLinks: users.socialLinks,
  emailVerifiedAt: users.emailVerifiedAt,
  twoFactorEnabled: sql<boolean>`${users.twoFactorEnabledAt} is not null`,
  lastActiveAt: lastSessionUse(users.id),
  createdAt: users.createdAt,
};

const selectTeamUsers = (db: Db) => db.select(teamUserColumns).from(users);
export type TeamUserRow = Awaited<ReturnType<typeof selectTeamUsers>>[number];

/** A patch of the users table's profile columns from the contract's fields (null clears). */
function profileColumns(fields: UserProfileFields) {
  const set: PgUpdateSetSource<typeof users> = {};
  const { location, socialLinks, website, ...plain } = fields;
  if (plain.displayName !== undefined) set.displayName = plain.displayName;
  for (const key of ['username', 'dob', 'gender', 'country', 'company', 'mobile', 'department'] as const) {
    if (plain[key] !== undefined) set[key] = plain[key] || null;
  }
  if (plain.languagesKnown !== undefined) set.languagesKnown = plain.languagesKnown;
  if (plain.contactOptions !== undefined) set.contactOptions = [...new Set(plain.contactOptions)];
  if (website !== undefined) set.website = website || null;
  // The two objects merge into what is stored: a key given null (or '') is removed, others stay.
  if (location !== undefined) {
    set.location = sql`jsonb_strip_nulls(coalesce(${users.location}, '{}'::jsonb) || ${JSON.stringify(location)}::jsonb)`;
  }
  if (socialLinks !== undefined) {
    const links = Object.fromEntries(Object.entries(socialLinks).map(([k, v]) => [k, v || null]));
    set.socialLinks = sql`jsonb_strip_nulls(coalesce(${users.socialLinks}, '{}'::jsonb) || ${JSON.stringify(links)}::jsonb)`;
  }
  return set;
}

function pageFilter(workspaceId: string, query: Pick<UsersQuery, 'q' | 'role' | 'status'>): SQL | undefined {
  const where: Array<SQL | undefined> = [eq(users.workspaceId, workspaceId)];
  if (query.role) where.push(eq(users.role, query.role));
  if (query.status) where.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(ilike(users.displayName, pattern), ilike(users.email, pattern), ilike(users.username, pattern)));
  }
  return and(...where);
}

/** A workspace's users with every profile field; `workspaceId` is a required argument of each query. */
export function createTeamUsersRepository(db: Db) {
  const inWorkspace = (workspaceId: string, userId: string) =>
    and(eq(users.workspaceId, workspaceId), eq(users.id, userId));

  return {
    /** One page by name (then e-mail), and how many match in all. */
    async page(workspaceId: string, query: UsersQuery): Promise<{ rows: TeamUserRow[]; total: number }> {
      const where = pageFilter(workspaceId, query);
      const [rows, [counted]] = await Promise.all([
        selectTeamUsers(db)
          .where(where)
          .orderBy(asc(sql`lower(${users.displayName})`), asc(users.email), asc(users.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** In the caller's transaction when given; undefined for no such user in this workspace. */
    async find(workspaceId: string, userId: string, tx: Db = db): Promise<TeamUserRow | undefined> {
      const [row] = await selectTeamUsers(tx).where(inWorkspace(workspaceId, userId));
      return row;
    },

    /**
     * Profile fields, role and status in one statement; false for no such user. A taken username
     * fails on the unique index (the caller answers USERNAME_TAKEN).
     */
    async update(
      workspaceId: string,
      userId: string,
      patch: UserProfileFields & { role?: UserRole; status?: UserStatus },
      tx: Db = db,
    ): Promise<boolean> {
      const { role, status, ...fields } = patch;
      const set = {
        ...profileColumns(fields),
        ...(role && { role }),
        ...(status && { status }),
        updatedAt: new Date(),
      };
      const rows = await tx.update(users).set(set).where(inWorkspace(workspaceId, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Deletes the account (sessions and the rest of the user's rows go by cascade); false for no such user. */
    async remove(workspaceId: string, userId: string, tx: Db): Promise<boolean> {
      const rows = await tx.delete(users).where(inWorkspace(workspaceId, userId)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type TeamUsersRepository = ReturnType<typeof createTeamUsersRepository>;

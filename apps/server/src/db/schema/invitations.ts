import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRole, users } from './users.js';
import { workspaces } from './workspaces.js';

/**
 * Invitations to join a workspace (the team module). The link's token is stored as its SHA-256
 * only, like password resets. One open invitation (neither accepted nor revoked) per address and
 * workspace: inviting the address again renews that row instead of adding one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case (the contract lowers it); the account made from it gets this address, verified. */
    email: text('email').notNull(),
    role: userRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The admin who sent it (or sent it last); the invitation outlives their account. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last time its mail went out (a resend moves it, and the expiry, and the token). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_open_email_unique')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('invitations_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

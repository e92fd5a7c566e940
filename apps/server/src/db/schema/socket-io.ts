import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * socket.io's PostgreSQL adapter (realtime, several instances on one PostgreSQL): an event too
 * large for a NOTIFY (8,000 bytes) is stored here and only its id is notified. The adapter reads
 * it on every instance and deletes rows older than its cleanup interval (30 s) itself. Its shape
 * is the adapter's (its README's CREATE TABLE); the embedded database has the table unused.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

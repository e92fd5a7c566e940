import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts.js';
import { networks } from './networks.js';

export const messageDirection = pgEnum('message_direction', ['in', 'out']);
export const messageState = pgEnum('message_state', [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'received',
  'cancelled',
]);
export const messageEncoding = pgEnum('message_encoding', ['GSM-7', 'UCS-2']);
export const messageOrigin = pgEnum('message_origin', ['reply', 'auto-reply', 'campaign', 'api', 'test']);

/** One thread per (network, contact). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always the network's workspace (no foreign key: the network's one covers it, per row it costs). */
    workspaceId: uuid('workspace_id').notNull(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    unreadCount: integer('unread_count').notNull().default(0),
    /** False while the thread holds only voice messages (a caller who never texted): not in the SMS inbox. */
    hasSms: boolean('has_sms').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_network_contact_idx').on(t.networkId, t.contactId),
    // The navigation badge: only threads with unread messages are in this index.
    index('conversations_unread_idx')
      .on(t.workspaceId)
      .where(sql`${t.unreadCount} > 0`),
    // The inbox: newest threads first, cursor on (last_message_at, id).
    index('conversations_inbox_idx').on(t.workspaceId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversations_contact_idx').on(t.contactId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The network's workspace. The hottest table checks only the foreign key that carries meaning
     * (the conversation, which cascades from its network and contact): workspace, network and
     * contact follow from it, and each check costs per row (a campaign queues 100,000 at once).
     */
    workspaceId: uuid('workspace_id').notNull(),
    networkId: uuid('network_id').notNull(),
    /**
     * Its thread. Null only while a campaign's message waits in the queue: a start queues 100,000
     * without creating 100,000 threads (half its time), and the message joins its thread once it
     * has gone out or failed (the `messages_join_thread` trigger, migrations 0010 and 0030), so a
     * thread shows what was sent, when it was sent. A claim given back leaves it without one.
     */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    direction: messageDirection('direction').notNull(),
    body: text('body').notNull(),
    encoding: messageEncoding('encoding').notNull(),
    segments: integer('segments').notNull(),
    /**
     * Outbound: the usage period (workspaces' `usage_periods.period_start`) its segments were
     * booked in, where a message given up before it was sent returns them; null: not booked.
     */
    usagePeriod: date('usage_period'),
    state: messageState('state').notNull(),
    origin: messageOrigin('origin'),
    /**
     * The campaign that queued it (its recipients are its messages). No foreign key: a campaign
     * is deleted only as a draft, which has no messages, and the check would cost per row of a
     * 100,000-recipient start.
     */
    campaignId: uuid('campaign_id'),
    /** The developer API batch that queued it (message_batches; no foreign key, like campaign_id). */
    batchId: uuid('batch_id'),
    /**
     * The callback target (a webhook_endpoints row with a callback key) its state changes are also
     * delivered to: the `callbackUrl` it was sent with. No foreign key: a batch writes 10,000 rows.
     */
    callbackEndpointId: uuid('callback_endpoint_id'),
    providerMessageId: text('provider_message_id'),
    /** What a developer API client attached when sending (string keys and values); null otherwise. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    /**
     * The user who wrote it (an inbox reply); null for everything else. No foreign key, like
     * campaign_id: a campaign's start would pay its check per row; a removed user's id is never reused.
     */
    sentBy: uuid('sent_by'),
    /** Send attempts so far (outbound). */
    attempts: integer('attempts').notNull().default(0),
    /** Queued: not before this time (retry backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Sending: the claiming dispatcher's lease; past it, another dispatcher may retry. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    // A provider retrying the same inbound message never duplicates it; DLRs find outbound ones.
    // Only rows with an id (a queued message has none, and a campaign queues 100,000 at once).
    uniqueIndex('messages_provider_id_idx')
      .on(t.networkId, t.direction, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // A thread, newest first, cursor on (created_at, id); queued campaign messages are in none yet.
    index('messages_conversation_idx')
      .on(t.conversationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.conversationId} is not null`),
    // The dispatcher's queue: only unfinished outbound messages outside campaigns are in this index.
    index('messages_dispatch_idx')
      .on(t.networkId, t.createdAt, t.id)
      .where(sql`${t.state} in ('queued', 'sending') and ${t.campaignId} is null`),
    // A campaign's queue per network in due order (a 100,000-message campaign is never scanned
    // to find the few that are due).
    index('messages_campaign_due_idx')
      .on(t.campaignId, t.networkId, t.nextAttemptAt)
      .where(sql`${t.state} = 'queued' and ${t.campaignId} is not null`),
    // A campaign's recipients in the order they were queued (keyset pages) and its counts.
    index('messages_campaign_idx')
      .on(t.campaignId, t.createdAt, t.id)
      .where(sql`${t.campaignId} is not null`),
    // Replies since a campaign started (its live "replied" count), without reading its own
    // 100,000 outbound messages of the same networks and time.
    index('messages_inbound_idx')
      .on(t.networkId, t.createdAt)
      .where(sql`${t.direction} = 'in'`),
    // Claims whose dispatcher died (their lease ran out).
    index('messages_sending_idx')
      .on(t.networkId, t.leaseUntil)
      .where(sql`${t.state} = 'sending'`),
    // A developer API batch's messages (its progress counts and the ?batchId= filter, newest first).
    index('messages_batch_idx')
      .on(t.batchId, t.createdAt, t.id)
      .where(sql`${t.batchId} is not null`),
    // Per-network "today" counts.
    index('messages_network_time_idx').on(t.networkId, t.createdAt),
    // A user's replies of a month (the control panel's checkpoint reward); only replies are in it.
    index('messages_sent_by_idx')
      .on(t.sentBy, t.createdAt)
      .where(sql`${t.sentBy} is not null`),
  ],
);

export const voiceContentType = pgEnum('voice_content_type', ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm']);

/** A recorded voice message: the caller's conversation, the audio in file storage. */
export const voiceMessages = pgTable(
  'voice_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    /** The provider's id of the recording (dedupes callback retries); null for uploads. */
    providerRecordingId: text('provider_recording_id'),
    /** Where the audio is in file storage. */
    storageKey: text('storage_key').notNull(),
    contentType: voiceContentType('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationSeconds: doublePrecision('duration_seconds'),
    transcript: text('transcript'),
    listenedAt: timestamp('listened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_messages_provider_id_idx').on(t.networkId, t.providerRecordingId),
    // The voice inbox: newest first, cursor on (created_at, id).
    index('voice_messages_inbox_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('voice_messages_unlistened_idx')
      .on(t.workspaceId)
      .where(sql`${t.listenedAt} is null`),
  ],
);

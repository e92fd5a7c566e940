import { z } from 'zod';
import type { AutoReplyFired } from './auto-reply.js';
import type { CampaignProgress, CampaignUpdated } from './campaigns.js';
import type { ContactImportProgress } from './contact-imports.js';
import type { ContactsChanged } from './contacts.js';
import type { ContactEvent } from './conversations.js';
import type { ConversationEvent, MessageEvent } from './messages.js';
import type { SessionRevoked } from './team.js';
import type { VoiceMessageEvent } from './voice.js';
import type { NetworkDeleted, NetworkUpdated } from './networks.js';
import { UserDataSchema } from './users.js';
import type { WorkspaceUpdated } from './workspaces.js';

export const PresenceStatus = z.enum(['online', 'away', 'dnd', 'offline']);
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/** Spec §3 "socket entered event": sent by the client right after it connects. */
export const EnteredPayloadSchema = z.object({
  email: z.email(),
  sessionId: z.string().min(1).max(200),
});
export type EnteredPayload = z.infer<typeof EnteredPayloadSchema>;

export const PresenceSetPayloadSchema = z.object({ status: PresenceStatus.exclude(['offline']) });
export type PresenceSetPayload = z.infer<typeof PresenceSetPayloadSchema>;

export const PresenceChangedSchema = z.object({
  userId: z.uuid(),
  status: PresenceStatus,
  at: z.iso.datetime(),
});
export type PresenceChanged = z.infer<typeof PresenceChangedSchema>;

/** Sent to the user's own sockets when their account changes (e.g. an admin changed the role). */
export const UserUpdatedSchema = z.object({ userData: UserDataSchema });
export type UserUpdated = z.infer<typeof UserUpdatedSchema>;

export interface SocketAck {
  ok: boolean;
  error?: string;
}

/** Events the server emits; names are `resource.verb`. */
export interface ServerToClientEvents {
  'presence.changed': (payload: PresenceChanged) => void;
  'user.updated': (payload: UserUpdated) => void;
  /** One or all of the user's sessions were revoked (blocked, removed, signed out elsewhere): sign out. User's sockets. */
  'session.revoked': (payload: SessionRevoked) => void;
  /** A message was stored (inbound received, or outbound queued). Workspace room. */
  'message.created': (payload: MessageEvent) => void;
  /** An outbound message changed state (sending, sent, delivered, failed). Workspace room. */
  'message.updated': (payload: MessageEvent) => void;
  /** A thread's last message, unread count or contact changed. Workspace room. */
  'conversation.updated': (payload: ConversationEvent) => void;
  /** A contact's name, tags or opt-out state changed. Workspace room. */
  'contact.updated': (payload: ContactEvent) => void;
  /** Many contacts changed at once (a bulk action, an import): lists start again. Workspace room. */
  'contacts.changed': (payload: ContactsChanged) => void;
  /** A voice message came in. Workspace room. */
  'voice-message.created': (payload: VoiceMessageEvent) => void;
  /** A voice message was listened to (or marked unlistened), or its transcript arrived. */
  'voice-message.updated': (payload: VoiceMessageEvent) => void;
  /** A network's status, last-seen time or settings changed. Workspace room. */
  'network.updated': (payload: NetworkUpdated) => void;
  'network.deleted': (payload: NetworkDeleted) => void;
  /** An auto-reply rule answered a message: its new count and time. Workspace room. */
  'auto-reply.fired': (payload: AutoReplyFired) => void;
  /** A contact import moved on (at most a few per second) or ended. Workspace room. */
  'contact-import.progress': (payload: ContactImportProgress) => void;
  /** A campaign was created, edited, started, paused or finished. Workspace room. */
  'campaign.updated': (payload: CampaignUpdated) => void;
  /** A sending campaign's counts, at most 4 a second per campaign. Workspace room. */
  'campaign.progress': (payload: CampaignProgress) => void;
  /** The workspace changed (its plan so far). Workspace room. */
  'workspace.updated': (payload: WorkspaceUpdated) => void;
}

/** Events the client emits. `ENTERED` keeps the spec's name. */
export interface ClientToServerEvents {
  ENTERED: (payload: EnteredPayload, ack?: (result: SocketAck) => void) => void;
  'presence.set': (payload: PresenceSetPayload, ack?: (result: SocketAck) => void) => void;
}

import type {
  ApiMessage,
  Campaign,
  ConsentEvent,
  Contact,
  Message,
  ServerToClientEvents,
  VoiceMessage,
} from '@switchboard/contract';
import { asOfStateChange } from '../developer-api/api-messages.js';
import type { WebhookEvent } from './webhook-outbox.js';
import type { EventPublisher } from '../../realtime/publisher.js';

/** A webhook event announced by a socket event; what it is exactly, and its data, read only when an endpoint wants one of `types`. */
export interface PendingWebhookEvent {
  types: string[];
  resolve(): Promise<WebhookEvent | null>;
}

export interface WebhookEventSources {
  /** The public v1 shape of a message (`ApiMessage`), read after the commit; null when it is gone. */
  apiMessage(workspaceId: string, id: string): Promise<ApiMessage | null>;
  /** The contact's latest consent change (its history's newest entry), if any. */
  latestConsent(workspaceId: string, contactId: string): Promise<ConsentEvent | undefined>;
  now(): Date;
}

/** A consent change is announced once, soon after it happened; an older one is an edit's echo. */
const CONSENT_FRESH_MS = 60_000;

const MESSAGE_STATES = { sent: 'message.sent', delivered: 'message.delivered', failed: 'message.failed' } as const;

const known = (type: string, key: string, data: () => Promise<unknown>, networkId?: string): PendingWebhookEvent => ({
  types: [type],
  resolve: async () => ({ type, key, data: await data(), networkId }),
});

/**
 * Which webhook event a socket event announces. Socket events are published after the work's
 * commit (rolled-back work announces nothing), so a webhook is never sent for work that did not
 * happen. The keys make a repeated announcement one delivery.
 */
export function webhookEventOf(
  event: keyof ServerToClientEvents,
  payload: unknown,
  sources: WebhookEventSources,
  workspaceId: string,
): PendingWebhookEvent | null {
  switch (event) {
    case 'message.created':
    case 'message.updated': {
      const { message } = payload as { message: Message };
      const type =
        event === 'message.created'
          ? message.direction === 'in'
            ? 'message.received'
            : null
          : MESSAGE_STATES[message.state as keyof typeof MESSAGE_STATES];
      if (!type) return null;
      return known(
        type,
        `${type}:${message.id}`,
        async () => {
          const current = await sources.apiMessage(workspaceId, message.id);
          // A state event tells of the message as it was then, not as it is when read.
          return { message: current && event === 'message.updated' ? asOfStateChange(current, message) : current };
        },
        message.networkId,
      );
    }
    case 'voice-message.created': {
      const { voiceMessage } = payload as { voiceMessage: VoiceMessage };
      return known('voice.received', `voice.received:${voiceMessage.id}`, async () => ({
        voiceMessage: {
          id: voiceMessage.id,
          networkId: voiceMessage.networkId,
          phoneNumber: voiceMessage.contact.phoneNumber,
          durationSeconds: voiceMessage.durationSeconds,
          transcript: voiceMessage.transcript,
          contentType: voiceMessage.contentType,
          createdAt: voiceMessage.createdAt,
        },
      }));
    }
    case 'contact.updated':
      return consentEventOf((payload as { contact: Contact }).contact, sources, workspaceId);
    case 'campaign.updated': {
      const { campaign } = payload as { campaign: Campaign };
      if (campaign.state !== 'completed') return null;
      return known('campaign.completed', `campaign.completed:${campaign.id}`, async () => ({
        campaign: {
          id: campaign.id,
          name: campaign.name,
          state: campaign.state,
          counts: campaign.counts,
          startedAt: campaign.startedAt,
          finishedAt: campaign.finishedAt,
        },
      }));
    }
    default:
      return null;
  }
}

/**
 * `contact.updated` is sent for any change of a contact; it is an opt-out or opt-in when the
 * contact's newest consent change agrees with its state and is fresh. That change's id is the
 * key, so an edit announcing the same state again is the same event.
 */
function consentEventOf(contact: Contact, sources: WebhookEventSources, workspaceId: string): PendingWebhookEvent {
  return {
    types: ['contact.opted_out', 'contact.opted_in'],
    async resolve() {
      const change = await sources.latestConsent(workspaceId, contact.id);
      if (!change || change.optedOut !== (contact.optedOutAt !== null)) return null;
      if (sources.now().getTime() - new Date(change.createdAt).getTime() > CONSENT_FRESH_MS) return null;
      const type = change.optedOut ? 'contact.opted_out' : 'contact.opted_in';
      return {
        type,
        key: `${type}:${change.id}`,
        data: { contact: publicContact(contact), source: change.source, changedAt: change.createdAt },
      };
    },
  };
}

const publicContact = (contact: Contact) => ({
  id: contact.id,
  phoneNumber: contact.phoneNumber,
  name: contact.name,
  optedOutAt: contact.optedOutAt,
});

export type SocketEventOffer = (workspaceId: string, event: keyof ServerToClientEvents, payload: unknown) => void;

/** The publisher services use (every event goes on to the sockets), with the webhooks' connection. */
export interface WebhookTap extends EventPublisher {
  /** Where offered events go: the webhooks service, built after the services that publish. */
  connect(offer: SocketEventOffer): void;
}

/**
 * Wraps the socket publisher so events the product already announces after commit become
 * webhook events. The webhooks service connects once it exists (it reads messages through
 * messaging, which publishes through this tap); the composition connects it before anything runs.
 */
export function createWebhookTap(inner: EventPublisher): WebhookTap {
  let offer: SocketEventOffer | null = null;
  return {
    toWorkspace(workspaceId, event, ...payload) {
      inner.toWorkspace(workspaceId, event, ...payload);
      offer?.(workspaceId, event, payload[0]);
    },
    toUser: (userId, event, ...payload) => inner.toUser(userId, event, ...payload),
    connect(next) {
      offer = next;
    },
  };
}

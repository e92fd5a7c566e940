import type { Campaign, Contact, Message, ServerToClientEvents, VoiceMessage } from '@switchboard/contract';
import type { EventPublisher } from '../../realtime/publisher.js';

/** A webhook event named by a socket event, its data built only when some endpoint wants it. */
export interface PendingWebhookEvent {
  type: string;
  key: string;
  data(): Promise<unknown>;
}

export interface WebhookEventSources {
  /** The public v1 shape of a message (`ApiMessage`), read after the commit. */
  apiMessage(workspaceId: string, id: string): Promise<unknown>;
}

const MESSAGE_STATES = { sent: 'message.sent', delivered: 'message.delivered', failed: 'message.failed' } as const;

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
      return {
        type,
        key: `${type}:${message.id}`,
        data: async () => ({ message: await sources.apiMessage(workspaceId, message.id) }),
      };
    }
    case 'voice-message.created': {
      const { voiceMessage } = payload as { voiceMessage: VoiceMessage };
      return {
        type: 'voice.received',
        key: `voice.received:${voiceMessage.id}`,
        data: async () => ({
          voiceMessage: {
            id: voiceMessage.id,
            networkId: voiceMessage.networkId,
            phoneNumber: voiceMessage.contact.phoneNumber,
            durationSeconds: voiceMessage.durationSeconds,
            transcript: voiceMessage.transcript,
            contentType: voiceMessage.contentType,
            createdAt: voiceMessage.createdAt,
          },
        }),
      };
    }
    case 'contact.updated': {
      // Only an opt-out is recognisable here (its time is the key: the same opt-out announced
      // again by a later edit is one event); an opt-in needs the consent change itself.
      const { contact } = payload as { contact: Contact };
      if (!contact.optedOutAt) return null;
      return {
        type: 'contact.opted_out',
        key: `contact.opted_out:${contact.id}:${contact.optedOutAt}`,
        data: async () => ({ contact: publicContact(contact) }),
      };
    }
    case 'campaign.updated': {
      const { campaign } = payload as { campaign: Campaign };
      if (campaign.state !== 'completed') return null;
      return {
        type: 'campaign.completed',
        key: `campaign.completed:${campaign.id}`,
        data: async () => ({
          campaign: {
            id: campaign.id,
            name: campaign.name,
            state: campaign.state,
            counts: campaign.counts,
            startedAt: campaign.startedAt,
            finishedAt: campaign.finishedAt,
          },
        }),
      };
    }
    default:
      return null;
  }
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

import type { Message, MessageOrigin } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { requireE164 } from '../../lib/phone-number.js';
import { countSegments } from '../../lib/sms-segments.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toConversation, toMessage } from './message-rows.js';
import { createMessagesRepository } from './messages.repository.js';

export interface QueueRequest {
  workspaceId: string;
  networkId: string;
  /** Recipient as typed; must read as an international number. */
  to: string;
  body: string;
  origin: MessageOrigin;
  /**
   * A reply the law requires (opt-out, opt-in and help confirmations): booked on the monthly
   * quota like any message, but never refused by it.
   */
  exemptFromQuota?: boolean;
}

/**
 * A transaction that something else commits: `afterCommit` runs its callbacks once the commit
 * is done (events and dispatcher wake-ups must not announce rows that could still roll back).
 */
export interface TxContext {
  tx: Db;
  afterCommit(fn: () => void): void;
}

export interface OutboundDeps {
  db: Db;
  networks: NetworksService;
  workspaces: Pick<WorkspacesService, 'remainingSegments'>;
  events: EventPublisher;
}

/**
 * The one outbound function every sender uses (reply, auto-reply, opt-out confirmations, API,
 * test): built before the inbound steps, which queue their replies through it.
 */
export function createOutbound(deps: OutboundDeps) {
  const repo = createMessagesRepository(deps.db);
  const queuedListeners = new Set<(networkId: string) => void>();

  return {
    /** Called with a network id whenever something was queued on it (wakes its dispatcher). */
    onQueued(listener: (networkId: string) => void) {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    /**
     * Validates the number and text, refuses opted-out contacts, counts segments, books them on
     * the workspace's monthly quota and stores the message as `queued`, in one statement: past
     * the quota nothing is stored and it throws `QUOTA_EXCEEDED` with the segments left. With a
     * transaction context it joins the caller's transaction, and the events and the dispatcher's
     * wake-up wait for its commit.
     */
    async queue(request: QueueRequest, within?: TxContext): Promise<Message> {
      const tx = within?.tx;
      const network = await deps.networks.runtimeInWorkspace(request.workspaceId, request.networkId, tx);
      if (!network.enabled) throw new AppError('NETWORK_DISABLED', 'This network is disabled. Enable it to send.');
      const to = requireE164(request.to);
      const { encoding, segments } = countSegments(request.body);
      const at = new Date();
      const stored = await repo.insertOutbound(
        {
          workspaceId: request.workspaceId,
          networkId: network.id,
          phoneNumber: to,
          body: request.body,
          encoding,
          segments,
          origin: request.origin,
          at,
          enforceQuota: !request.exemptFromQuota,
        },
        tx,
      );
      if (stored.contact.optedOutAt) {
        throw new AppError('CONTACT_OPTED_OUT', `${to} opted out of messages from this workspace.`);
      }
      if (!stored.message || !stored.conversation) {
        const remaining = (await deps.workspaces.remainingSegments(request.workspaceId, at, tx)) ?? 0;
        throw new AppError(
          'QUOTA_EXCEEDED',
          `This message needs ${segments} SMS segment(s); the plan allows ${remaining} more this month.`,
          undefined,
          { remaining },
        );
      }
      const { message, conversation, contact } = stored;
      const announce = () => {
        deps.events.toWorkspace(request.workspaceId, 'message.created', { message: toMessage(message) });
        deps.events.toWorkspace(request.workspaceId, 'conversation.updated', {
          conversation: toConversation(conversation, contact),
        });
        for (const listener of queuedListeners) listener(network.id);
      };
      if (within) within.afterCommit(announce);
      else announce();
      return toMessage(message);
    },
  };
}

export type OutboundService = ReturnType<typeof createOutbound>;

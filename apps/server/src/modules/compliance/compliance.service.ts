import {
  complianceKeywordOf,
  DEFAULT_COMPLIANCE_TEXTS,
  type ComplianceSettings,
  type ComplianceTexts,
  type UpdateComplianceBody,
} from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { InboundStep } from '../messaging/inbound-pipeline.js';
import type { OutboundService } from '../messaging/outbound.js';
import type { StoredComplianceTexts, WorkspacesService } from '../workspaces/workspaces.service.js';

export interface ComplianceDeps {
  /** The texts are stored on the workspace (workspaces owns the table). */
  workspaces: WorkspacesService;
  /** Consent (the opt-out state) is the contact's. */
  contacts: ContactsService;
  outbound: OutboundService;
  events: EventPublisher;
}

type TextKey = keyof ComplianceTexts;
const TEXT_KEYS: TextKey[] = ['optOutReply', 'optInReply', 'helpReply'];

/**
 * Opt-out compliance (DESIGN §2): STOP-type keywords opt a contact out of the workspace with one
 * confirmation, START-type ones opt back in, HELP gets the help text. The texts are the
 * workspace's own or the defaults of its chosen language.
 */
export function createComplianceService(deps: ComplianceDeps) {
  async function settings(workspaceId: string, tx?: Db): Promise<ComplianceSettings> {
    const row = await deps.workspaces.complianceTexts(workspaceId, tx);
    if (!row) throw new AppError('NOT_FOUND', 'No such workspace.');
    const defaults = DEFAULT_COMPLIANCE_TEXTS[row.language];
    const text = (key: TextKey) => row[key] ?? defaults[key];
    return {
      language: row.language,
      optOutReply: text('optOutReply'),
      optInReply: text('optInReply'),
      helpReply: text('helpReply'),
      customised: { optOutReply: !!row.optOutReply, optInReply: !!row.optInReply, helpReply: !!row.helpReply },
    };
  }

  /**
   * The first inbound step: a keyword message changes the contact's opt-out state and queues its
   * reply in the same transaction. A confirmation goes out only when the state changes (one per
   * opt-out); HELP is answered unless the contact is opted out (nothing goes to them).
   */
  const optOutStep: InboundStep = async ({ message, contact, conversation }, ctx) => {
    const keyword = complianceKeywordOf(message.body);
    if (!keyword) return;
    // The state as of now, locked: an earlier keyword of the same batch may have changed it.
    const optedOut = await deps.contacts.isOptedOutLocked(message.workspaceId, contact.id, ctx.tx);
    if ((keyword === 'opt-out' && optedOut) || (keyword === 'opt-in' && !optedOut) || (keyword === 'help' && optedOut))
      return;
    const texts = await settings(message.workspaceId, ctx.tx);
    const reply = (body: string) =>
      deps.outbound.queue(
        {
          workspaceId: message.workspaceId,
          networkId: conversation.networkId,
          to: contact.phoneNumber,
          body,
          origin: 'auto-reply',
          // The law requires these confirmations: they count on the quota but always go out.
          exemptFromQuota: true,
        },
        ctx,
      );
    const setOptedOut = async (value: boolean) => {
      const changed = await deps.contacts.setOptedOut(
        message.workspaceId,
        contact.id,
        value,
        { source: 'keyword', messageId: message.id },
        ctx.tx,
      );
      if (changed)
        ctx.afterCommit(() => deps.events.toWorkspace(message.workspaceId, 'contact.updated', { contact: changed }));
    };
    if (keyword === 'opt-out') {
      // The confirmation is queued while the contact may still be written to, then the door closes.
      await reply(texts.optOutReply);
      await setOptedOut(true);
    } else if (keyword === 'opt-in') {
      await setOptedOut(false);
      await reply(texts.optInReply);
    } else {
      await reply(texts.helpReply);
    }
  };

  return {
    settings: (workspaceId: string) => settings(workspaceId),
    /** The first inbound step (see composition.ts). */
    optOutStep,

    async update(workspaceId: string, patch: UpdateComplianceBody): Promise<ComplianceSettings> {
      const set: Partial<StoredComplianceTexts> = {};
      if (patch.language) set.language = patch.language;
      for (const key of TEXT_KEYS) if (patch[key] !== undefined) set[key] = patch[key];
      await deps.workspaces.setComplianceTexts(workspaceId, set);
      return settings(workspaceId);
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;

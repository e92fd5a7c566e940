import {
  complianceKeywordOf,
  DEFAULT_COMPLIANCE_TEXTS,
  type ComplianceSettings,
  type ComplianceTexts,
  type UpdateComplianceBody,
} from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { contacts as contactsTable, workspaces } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { toContact } from '../messaging/message-rows.js';
import type { InboundStep, MessagingService } from '../messaging/messaging.service.js';

export interface ComplianceDeps {
  db: Db;
  messaging: MessagingService;
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
  async function settings(workspaceId: string, db: Db = deps.db): Promise<ComplianceSettings> {
    const [row] = await db
      .select({
        language: workspaces.complianceLanguage,
        optOutReply: workspaces.optOutReply,
        optInReply: workspaces.optInReply,
        helpReply: workspaces.helpReply,
      })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
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
  const inboundStep: InboundStep = async ({ message, contact, conversation }, ctx) => {
    const keyword = complianceKeywordOf(message.body);
    if (!keyword) return;
    // The state as of now, locked: an earlier keyword of the same batch may have changed it.
    const [current] = await ctx.tx
      .select({ optedOutAt: contactsTable.optedOutAt })
      .from(contactsTable)
      .where(eq(contactsTable.id, contact.id))
      .for('update');
    const optedOut = !!current?.optedOutAt;
    if ((keyword === 'opt-out' && optedOut) || (keyword === 'opt-in' && !optedOut) || (keyword === 'help' && optedOut))
      return;
    const texts = await settings(message.workspaceId, ctx.tx);
    const reply = (body: string) =>
      deps.messaging.queue(
        {
          workspaceId: message.workspaceId,
          networkId: conversation.networkId,
          to: contact.phoneNumber,
          body,
          origin: 'auto-reply',
        },
        ctx,
      );
    const setOptedOut = async (value: boolean) => {
      const [row] = await ctx.tx
        .update(contactsTable)
        .set({ optedOutAt: value ? new Date() : null })
        .where(eq(contactsTable.id, contact.id))
        .returning();
      if (row)
        ctx.afterCommit(() =>
          deps.events.toWorkspace(message.workspaceId, 'contact.updated', { contact: toContact(row) }),
        );
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
    inboundStep,

    async update(workspaceId: string, patch: UpdateComplianceBody): Promise<ComplianceSettings> {
      const set: Partial<typeof workspaces.$inferInsert> = { updatedAt: new Date() };
      if (patch.language) set.complianceLanguage = patch.language;
      for (const key of TEXT_KEYS) if (patch[key] !== undefined) set[key] = patch[key];
      await deps.db.update(workspaces).set(set).where(eq(workspaces.id, workspaceId));
      return settings(workspaceId);
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { toE164, toE164InCountry } from '../../lib/phone-number.js';
import type { DeveloperApiService } from '../developer-api/developer-api.service.js';
import type { MessagingService, TxContext } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import { toMessageState } from './smsgate-message-state.js';
import type { SmsgateMessageFilters, SmsgateMessagesRepository } from './smsgate-messages.repository.js';
import type { ListMessagesQuery, MessageState, SendMessageBody } from './smsgate-schemas.js';

export interface SmsgateMessagesDeps {
  db: Db;
  repo: SmsgateMessagesRepository;
  messaging: Pick<MessagingService, 'queue' | 'api'>;
  networks: Pick<NetworksService, 'get'>;
  developerApi: Pick<DeveloperApiService, 'messages'>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Like the reference's ids: 21 URL-safe characters (126 random bits). */
const newMessageId = () => randomBytes(16).toString('base64url').slice(0, 21);
/** The furthest a message may be scheduled, as for `/api/v1`'s sendAt. */
const MAX_SCHEDULE_MS = 30 * 86_400_000;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `body.${path}`, message }]);
const notFound = () => new AppError('NOT_FOUND', 'message not found');

function isIdTaken(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return (e.cause?.code ?? e.code) === '23505' && (e.cause?.constraint ?? e.constraint ?? '').includes('external_id');
}

/**
 * The reference's number rules: read as E.164, numbers without a country code as Russian (its
 * default region), unique; with `skipPhoneValidation`, a number without `+` gets one. Our
 * pipeline keeps contacts by E.164, so a number that cannot be read is refused either way.
 */
function recipientsOf(numbers: string[], skipValidation: boolean): string[] {
  const read = numbers.map((number, index) => {
    const e164 = skipValidation ? (toE164(number) ?? toE164(`+${number.trim()}`)) : toE164InCountry(number, 'RU');
    if (!e164) {
      const message = `"${number}" is not a valid phone number.`;
      throw new AppError('INVALID_PHONE_NUMBER', message, [{ path: `body.phoneNumbers.${index}`, message }]);
    }
    return e164;
  });
  if (new Set(read).size !== read.length) throw invalid('phoneNumbers', 'phoneNumbers lists a number twice.');
  return read;
}

/**
 * `validUntil` from `ttl` or as given (kept, not enforced); `notBefore` from a `scheduleAt` still
 * ahead, at most 30 days: queued and booked now, not sent before then (a time that has come: at once).
 */
function timesOf(body: SendMessageBody): { validUntil: Date | null; notBefore: Date | undefined } {
  const now = Date.now();
  const validUntil = body.ttl ? new Date(now + body.ttl * 1000) : body.validUntil ? new Date(body.validUntil) : null;
  const scheduleAt = body.scheduleAt ? new Date(body.scheduleAt) : null;
  if (scheduleAt && validUntil && scheduleAt > validUntil)
    throw invalid('scheduleAt', 'scheduleAt is after validUntil.');
  if (scheduleAt && scheduleAt.getTime() > now + MAX_SCHEDULE_MS)
    throw invalid('scheduleAt', 'scheduleAt may be at most 30 days ahead.');
  return { validUntil, notBefore: scheduleAt && scheduleAt.getTime() > now ? scheduleAt : undefined };
}

/** `/message(s)`: an SMSGate message becomes one of ours per recipient, queued together or not at all. */
export function createSmsgateMessages(deps: SmsgateMessagesDeps) {
  const { repo } = deps;

  /** `deviceId` names an Android network of the workspace; absent: the default network. */
  async function networkOf(workspaceId: string, deviceId: string | null | undefined): Promise<string> {
    if (!deviceId) return deps.developerApi.messages.networkFor(workspaceId, undefined);
    const network = UUID.test(deviceId) ? await deps.networks.get(workspaceId, deviceId).catch(() => null) : null;
    if (!network || network.kind !== 'android') throw invalid('deviceId', 'deviceId is not a device of this account.');
    return network.id;
  }

  function checkUnsupported(body: SendMessageBody): void {
    if (body.dataMessage) throw invalid('dataMessage', 'Data messages are not supported by this server; send text.');
    if (body.isEncrypted) throw invalid('isEncrypted', 'Encrypted messages are not supported by this server.');
  }

  async function read(workspaceId: string, id: string, includeContent: boolean): Promise<MessageState> {
    const found = await repo.find(workspaceId, id);
    if (!found) throw notFound();
    return toMessageState(found, includeContent);
  }

  return {
    /**
     * Queues one message per recipient through messaging's `queue` in one transaction: an
     * opted-out recipient (409) or the quota (402) refuses the whole request, nothing is queued.
     */
    async send(workspaceId: string, body: SendMessageBody, skipValidation: boolean): Promise<MessageState> {
      checkUnsupported(body);
      const text = body.message ?? body.textMessage!.text;
      const recipients = recipientsOf(body.phoneNumbers, skipValidation);
      const { validUntil, notBefore } = timesOf(body);
      const id = body.id ?? newMessageId();
      if (await repo.find(workspaceId, id)) throw new AppError('MESSAGE_ID_TAKEN', `The message id ${id} is taken.`);
      const networkId = await networkOf(workspaceId, body.deviceId);
      const after: Array<() => void> = [];
      try {
        await deps.db.transaction(async (tx) => {
          const within: TxContext = { tx, afterCommit: (fn) => after.push(fn) };
          const messageIds: string[] = [];
          for (const to of recipients) {
            const queued = await deps.messaging.queue(
              { workspaceId, networkId, to, body: text, origin: 'api', metadata: { smsgateId: id }, notBefore },
              within,
            );
            messageIds.push(queued.id);
          }
          await repo.insert(tx, {
            workspaceId,
            externalId: id,
            networkId,
            messageIds,
            text,
            withDeliveryReport: body.withDeliveryReport ?? true,
            simNumber: body.simNumber ?? null,
            priority: body.priority ?? 0,
            validUntil,
          });
        });
      } catch (error) {
        if (isIdTaken(error)) throw new AppError('MESSAGE_ID_TAKEN', `The message id ${id} is taken.`);
        throw error;
      }
      for (const fn of after) fn();
      return read(workspaceId, id, true);
    },

    get: (workspaceId: string, id: string) => read(workspaceId, id, true),

    async list(workspaceId: string, query: ListMessagesQuery): Promise<{ messages: MessageState[]; total: number }> {
      const filters: SmsgateMessageFilters = {
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        state: query.state,
        deviceId: query.deviceId,
      };
      const { rows, total } = await repo.page(workspaceId, filters, {
        limit: query.limit,
        offset: query.offset,
        newestFirst: query.sort === '-created_at',
      });
      return { messages: rows.map((row) => toMessageState(row, query.includeContent)), total };
    },

    /** Cancels its recipients still queued (segments given back); 409 once none is. */
    async cancel(workspaceId: string, id: string): Promise<MessageState> {
      const found = await repo.find(workspaceId, id);
      if (!found) throw notFound();
      let cancelled = 0;
      for (const recipient of found.recipients) {
        if (recipient.state !== 'queued') continue;
        if (await deps.messaging.api.cancel(workspaceId, recipient.messageId)) cancelled += 1;
      }
      if (cancelled === 0)
        throw new AppError(
          'MESSAGE_NOT_CANCELLABLE',
          `This message is ${found.state}; only a Pending one can be cancelled.`,
        );
      return read(workspaceId, id, true);
    },
  };
}

export type SmsgateMessages = ReturnType<typeof createSmsgateMessages>;

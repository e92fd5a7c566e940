import { randomUUID } from 'node:crypto';
import type { SmsgateWebhook, SmsgateWebhookBody } from '@switchboard/contract';
import { SMSGATE_EVENT_SOURCES, SmsgateWebhookEvent } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { randomToken } from '../../lib/secure-token.js';
import { checkWebhookUrl } from './webhook-address.js';
import type { createWebhookEndpointsRepository, EndpointRow } from './webhooks.repository.js';

export interface SmsgateWebhooksDeps {
  endpoints: ReturnType<typeof createWebhookEndpointsRepository>;
  secretBox: SecretBox;
  allowInsecure: boolean;
  /** The workspace's Android networks' ids (SMSGate's devices). */
  androidNetworkIds(workspaceId: string): Promise<string[]>;
  changed(workspaceId: string): void;
}

/** An SMSGate-format endpoint as SMSGate's API shows it. */
export function toSmsgateWebhook(row: EndpointRow): SmsgateWebhook {
  return {
    id: row.smsgateId ?? row.id,
    deviceId: row.deviceId,
    url: row.url,
    event: row.smsgateEvent as SmsgateWebhook['event'],
  };
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * `/api/3rdparty/v1/webhooks` (smsgate.md §4): SMSGate clients register, list and delete webhooks,
 * stored as endpoints of the `smsgate` format so the one outbox, dispatcher, SSRF guard and
 * delivery log serve them. An endpoint follows the Switchboard event its SMSGate event is sent
 * for (`events`), limited to its device (an Android network) when it names one.
 */
export function createSmsgateWebhooks(deps: SmsgateWebhooksDeps) {
  return {
    async list(workspaceId: string): Promise<SmsgateWebhook[]> {
      return (await deps.endpoints.listSmsgate(workspaceId)).map(toSmsgateWebhook);
    },
    /** 400 on a URL that is not https (loopback http with ALLOW_INSECURE_WEBHOOKS), an unknown event, another workspace's device. */
    async register(workspaceId: string, body: SmsgateWebhookBody): Promise<SmsgateWebhook> {
      const url = checkWebhookUrl(body.url, deps.allowInsecure).toString();
      const event = SmsgateWebhookEvent.safeParse(body.event);
      if (!event.success)
        throw invalid(`Unknown event "${body.event}"; one of: ${SmsgateWebhookEvent.options.join(', ')}.`);
      const deviceId = body.deviceId ?? null;
      if (deviceId !== null && !(await deps.androidNetworkIds(workspaceId)).includes(deviceId))
        throw invalid('deviceId is not a device (Android network) of this workspace.');
      const source = SMSGATE_EVENT_SOURCES[event.data];
      // The secret is not what signs (the workspace's SMSGate key does); a column every endpoint has.
      const secret = randomToken();
      const row = await deps.endpoints.upsertSmsgate({
        workspaceId,
        url,
        events: source ? [source] : [],
        format: 'smsgate',
        smsgateId: body.id ?? randomUUID(),
        smsgateEvent: event.data,
        deviceId,
        secretSealed: deps.secretBox.seal(secret),
        secretPrefix: 'smsgate',
      });
      deps.changed(workspaceId);
      return toSmsgateWebhook(row);
    },
    /** 204 for an unknown id too, as SMSGate answers. */
    async remove(workspaceId: string, id: string): Promise<void> {
      if (await deps.endpoints.removeSmsgate(workspaceId, id)) deps.changed(workspaceId);
    },
  };
}

export type SmsgateWebhooks = ReturnType<typeof createSmsgateWebhooks>;

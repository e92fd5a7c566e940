import type {
  CreateWebhookBody,
  RotateWebhookSecretBody,
  UpdateWebhookBody,
  WebhookEndpoint,
  WebhookWithSecretResponse,
} from '@switchboard/contract';
import { RotateWebhookSecretBodySchema } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { randomToken } from '../../lib/secure-token.js';
import { toSmsgateWebhook } from './smsgate-webhooks.js';
import { checkWebhookUrl } from './webhook-address.js';
import type { createWebhookEndpointsRepository, EndpointRow } from './webhooks.repository.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: row.secretPrefix,
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    failingSince: iso(row.failingSince),
    format: row.format === 'smsgate' ? 'smsgate' : 'switchboard',
    smsgate: row.format === 'smsgate' ? toSmsgateWebhook(row) : null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(row: EndpointRow, secretBox: SecretBox, now: Date): string[] {
  const secrets = [secretBox.open(row.secretSealed)];
  if (row.previousSecretSealed && row.previousSecretExpiresAt && new Date(row.previousSecretExpiresAt) > now)
    secrets.push(secretBox.open(row.previousSecretSealed));
  return secrets;
}

export interface WebhookEndpointsDeps {
  endpoints: ReturnType<typeof createWebhookEndpointsRepository>;
  secretBox: SecretBox;
  allowInsecure: boolean;
  now: () => Date;
  /** Called after any change, so the fan-out's cache of subscriptions is dropped. */
  changed(workspaceId: string): void;
}

/** Create, read, update, delete and rotate a workspace's endpoints. */
export function createWebhookEndpoints(deps: WebhookEndpointsDeps) {
  const notFound = () => new AppError('NOT_FOUND', 'No such webhook in this workspace.');
  const smsgateOwned = (what: string) =>
    new AppError(
      'VALIDATION_FAILED',
      `${what} belongs to the SMSGate format: the event is set through /api/3rdparty/v1/webhooks and the workspace's SMSGate signing key signs it.`,
    );
  const newSecret = () => {
    const secret = `whsec_${randomToken()}`;
    return { secret, secretSealed: deps.secretBox.seal(secret), secretPrefix: secret.slice(0, 10) };
  };

  async function find(workspaceId: string, id: string): Promise<EndpointRow> {
    const row = await deps.endpoints.find(workspaceId, id);
    // A callback target (api-callbacks.ts) is the API's, not an endpoint people manage.
    if (!row || row.callbackKeyId) throw notFound();
    return row;
  }

  return {
    find,
    async list(workspaceId: string): Promise<WebhookEndpoint[]> {
      return (await deps.endpoints.list(workspaceId)).filter((row) => !row.callbackKeyId).map(toWebhookEndpoint);
    },
    async get(workspaceId: string, id: string): Promise<WebhookEndpoint> {
      return toWebhookEndpoint(await find(workspaceId, id));
    },
    async create(workspaceId: string, body: CreateWebhookBody): Promise<WebhookWithSecretResponse> {
      const url = checkWebhookUrl(body.url, deps.allowInsecure).toString();
      const { secret, secretSealed, secretPrefix } = newSecret();
      const row = await deps.endpoints.insert({
        workspaceId,
        url,
        description: body.description ?? null,
        events: [...new Set<string>(body.events)],
        enabled: body.enabled ?? true,
        secretSealed,
        secretPrefix,
      });
      deps.changed(workspaceId);
      return { webhook: toWebhookEndpoint(row), secret };
    },
    async update(workspaceId: string, id: string, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
      if (body.events && (await find(workspaceId, id)).format === 'smsgate') throw smsgateOwned('Its event');
      const url = body.url === undefined ? undefined : checkWebhookUrl(body.url, deps.allowInsecure).toString();
      // Enabled again by a person: the failure streak and the server's reason are forgotten.
      const reenabled = body.enabled === true ? { disabledReason: null, failingSince: null } : {};
      const row = await deps.endpoints.update(workspaceId, id, {
        url,
        description: body.description,
        events: body.events && [...new Set<string>(body.events)],
        enabled: body.enabled,
        ...reenabled,
      });
      if (!row) throw notFound();
      deps.changed(workspaceId);
      return toWebhookEndpoint(row);
    },
    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await deps.endpoints.remove(workspaceId, id))) throw notFound();
      deps.changed(workspaceId);
    },
    /** A new secret; the previous one keeps signing for the overlap (a second `v1=`). */
    async rotateSecret(
      workspaceId: string,
      id: string,
      body: RotateWebhookSecretBody,
    ): Promise<WebhookWithSecretResponse> {
      const { overlapHours } = RotateWebhookSecretBodySchema.parse(body) ?? { overlapHours: 24 };
      const current = await find(workspaceId, id);
      if (current.format === 'smsgate') throw smsgateOwned('Its signature');
      const { secret, secretSealed, secretPrefix } = newSecret();
      const row = await deps.endpoints.update(workspaceId, id, {
        secretSealed,
        secretPrefix,
        previousSecretSealed: overlapHours > 0 ? current.secretSealed : null,
        previousSecretExpiresAt: overlapHours > 0 ? new Date(deps.now().getTime() + overlapHours * 3_600_000) : null,
      });
      if (!row) throw notFound();
      return { webhook: toWebhookEndpoint(row), secret };
    },
  };
}

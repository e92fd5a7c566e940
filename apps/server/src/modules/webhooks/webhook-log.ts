import { randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '@switchboard/contract';
import { WEBHOOK_TEST_EVENT } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { createWebhookEndpoints } from './webhook-endpoints.js';
import type { WebhookOutbox } from './webhook-outbox.js';
import type { AttemptRow, createWebhookDeliveriesRepository, DeliveryRow } from './webhooks.repository.js';

/** How long the delivery log keeps a settled delivery. */
const LOG_RETENTION_MS = 30 * 86_400_000;
const SWEEP_BATCH = 5_000;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDelivery(row: Omit<DeliveryRow, 'attempts'>, attempts: AttemptRow[] = []): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    state: row.state as WebhookDelivery['state'],
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: iso(a.startedAt)!,
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
    nextAttemptAt: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
  };
}

export interface WebhookLogDeps {
  endpoints: Pick<ReturnType<typeof createWebhookEndpoints>, 'find'>;
  deliveries: ReturnType<typeof createWebhookDeliveriesRepository>;
  outbox: WebhookOutbox;
  now: () => Date;
  wake(): void;
  log: FastifyBaseLogger;
}

/** An endpoint's delivery log, "Send test event", "Resend", and the hourly sweep of old entries. */
export function createWebhookLog(deps: WebhookLogDeps) {
  return {
    async list(workspaceId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]> {
      await deps.endpoints.find(workspaceId, endpointId);
      return (await deps.deliveries.list(workspaceId, endpointId, limit)).map(({ attempts, ...row }) =>
        toDelivery(row, attempts),
      );
    },
    /** "Send test event": a `webhook.test` to this endpoint, whatever it subscribes to. */
    async sendTest(workspaceId: string, endpointId: string): Promise<WebhookDelivery> {
      await deps.endpoints.find(workspaceId, endpointId);
      const id = randomUUID();
      const [row] = await deps.outbox.record(
        workspaceId,
        { type: WEBHOOK_TEST_EVENT, key: `test:${id}`, data: { message: 'A test event from Switchboard.' } },
        { only: endpointId },
      );
      return toDelivery(row!);
    },
    /** "Resend": the same event (same id and body) once more, as a new delivery with its own tries. */
    async resend(workspaceId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const original = await deps.deliveries.find(workspaceId, endpointId, deliveryId);
      if (!original) throw new AppError('NOT_FOUND', 'No such delivery of this webhook.');
      const [row] = await deps.deliveries.enqueue([
        {
          workspaceId,
          endpointId,
          eventId: original.eventId,
          eventType: original.eventType,
          eventKey: `${original.eventKey}:resend:${randomUUID()}`,
          body: original.body,
          nextAttemptAt: deps.now(),
        },
      ]);
      deps.wake();
      return toDelivery(row!);
    },
    /** Deletes deliveries settled more than 30 days ago, in batches (each one statement: safe on several instances). */
    sweeper: createPeriodicJob(
      3_600_000,
      async () => {
        const before = new Date(deps.now().getTime() - LOG_RETENTION_MS);
        while ((await deps.deliveries.sweep(before, SWEEP_BATCH)) === SWEEP_BATCH);
      },
      deps.log,
      { sharedAs: 'webhook-log-sweep' },
    ),
  };
}

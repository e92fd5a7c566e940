import type { FastifyBaseLogger } from 'fastify';
import type { Resolver } from './webhook-address.js';
import type { WebhookFormatters } from './webhook-formats.js';
import { sendWebhook, type SendOutcome } from './webhook-sender.js';
import type {
  createWebhookDeliveriesRepository,
  createWebhookEndpointsRepository,
  DeliveryRow,
  EndpointRow,
} from './webhooks.repository.js';

/** Deliveries one pass claims at most (sent side by side: 50 in flight at 50 ms a receiver is ~1,000/s). */
const CLAIM_BATCH = 50;

export interface WebhookTiming {
  /** The whole exchange with a receiver (10 s). */
  timeoutMs: number;
  /** Tries per delivery (8), spaced by `retryBaseMs` · 2^(n−1) ± 20 % (11 min: the last ≈ a day later). */
  maxAttempts: number;
  retryBaseMs: number;
  /** An endpoint that has failed for this long without a success is disabled (3 days). */
  failureWindowMs: number;
  /** How long a claim holds a delivery before another instance may take it. */
  leaseMs: number;
}

export interface WebhookDispatcherDeps {
  endpoints: ReturnType<typeof createWebhookEndpointsRepository>;
  deliveries: ReturnType<typeof createWebhookDeliveriesRepository>;
  /** Each format's signature headers. */
  formats: WebhookFormatters;
  timing: WebhookTiming;
  resolver: Resolver;
  allowLoopback: boolean;
  now: () => Date;
  random: () => number;
  log: FastifyBaseLogger;
  /** An endpoint the server has just disabled (its admins are told). */
  disabled(endpoint: EndpointRow): Promise<void>;
}

/** The delay before try `attempt + 1`: exponential, with ±20 % jitter so receivers are not hit in waves. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number): number {
  return Math.round(baseMs * 2 ** (attempt - 1) * (0.8 + 0.4 * random()));
}

/**
 * One pass of the dispatcher: claims due deliveries (SKIP LOCKED with a lease, so with several
 * instances each goes to one, and a dead instance's claims are taken again when the lease runs
 * out), sends them side by side, records each attempt and settles the row: succeeded, pending
 * again with its backoff, or failed after the last try. Repeats while it finds work.
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { timing } = deps;

  async function attempt(delivery: DeliveryRow, endpoint: EndpointRow | undefined): Promise<void> {
    const startedAt = deps.now();
    const formatter =
      endpoint && (deps.formats[endpoint.format as keyof WebhookFormatters] ?? deps.formats.switchboard);
    const outcome: SendOutcome =
      endpoint && formatter
        ? await sendWebhook(
            new URL(endpoint.url),
            delivery.body,
            await formatter.headers(delivery, endpoint, startedAt),
            {
              resolver: deps.resolver,
              allowLoopback: deps.allowLoopback,
              timeoutMs: timing.timeoutMs,
            },
          )
        : { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: 'the endpoint was deleted' };
    await deps.deliveries.recordAttempt({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
    });
    const now = deps.now();
    if (outcome.ok) {
      await deps.deliveries.settle(delivery.id, { state: 'succeeded', completedAt: now });
      if (endpoint?.failingSince) await deps.endpoints.markHealthy(delivery.endpointId);
      return;
    }
    const last = delivery.attempts >= timing.maxAttempts;
    await deps.deliveries.settle(
      delivery.id,
      last
        ? { state: 'failed', completedAt: now }
        : {
            state: 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attempts, timing.retryBaseMs, deps.random)),
          },
    );
    if (!endpoint) return;
    const days = Math.round(timing.failureWindowMs / 86_400_000);
    const disabled = await deps.endpoints.markFailing(
      endpoint.id,
      now,
      timing.failureWindowMs,
      `Every delivery failed for ${days > 0 ? `${days} days` : 'too long'} (last: ${outcome.error ?? 'no answer'}).`,
    );
    if (disabled) await deps.disabled(disabled);
  }

  /** Claims and attempts until nothing is due; true when it did any work. */
  async function pass(): Promise<void> {
    for (;;) {
      const claimed = await deps.deliveries.claim(deps.now(), CLAIM_BATCH, timing.leaseMs);
      if (claimed.length === 0) return;
      const endpoints = new Map(
        (await deps.endpoints.byIds([...new Set(claimed.map((d) => d.endpointId))])).map((e) => [e.id, e]),
      );
      await Promise.all(
        claimed.map((delivery) =>
          attempt(delivery, endpoints.get(delivery.endpointId)).catch((error: unknown) =>
            deps.log.error({ err: error, deliveryId: delivery.id }, 'a webhook delivery could not be settled'),
          ),
        ),
      );
    }
  }

  return { pass };
}

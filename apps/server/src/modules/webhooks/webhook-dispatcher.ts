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

/** Deliveries one pass claims at most (sent side by side: 100 in flight at 50 ms a receiver is ~2,000/s). */
const CLAIM_BATCH = 100;

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

/** One try of a claimed delivery, as the batch's writes record it. */
interface Tried {
  delivery: DeliveryRow;
  endpoint: EndpointRow | undefined;
  startedAt: Date;
  outcome: SendOutcome;
}

/**
 * One pass of the dispatcher: claims due deliveries (SKIP LOCKED with a lease, so with several
 * instances each goes to one, and a dead instance's claims are taken again when the lease runs
 * out), sends them side by side, then records the batch's attempts and settles its rows in a few
 * statements (not two per delivery): succeeded, pending again with its backoff, or failed after
 * the last try. Repeats while it finds work.
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { timing } = deps;

  async function attempt(delivery: DeliveryRow, endpoint: EndpointRow | undefined): Promise<Tried> {
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
    return { delivery, endpoint, startedAt, outcome };
  }

  /** A failed try: pending again after its backoff, or failed after the last; the endpoint's failure streak. */
  async function settleFailure({ delivery, endpoint, outcome }: Tried, now: Date): Promise<void> {
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

  /** The batch's attempts in one insert, its successes in one update, each failure on its own (rare). */
  async function record(tried: Tried[]): Promise<void> {
    await deps.deliveries.recordAttempts(
      tried.map(({ delivery, startedAt, outcome }) => ({
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
      })),
    );
    const now = deps.now();
    const succeeded = tried.filter((t) => t.outcome.ok);
    await deps.deliveries.settleSucceeded(
      succeeded.map((t) => t.delivery.id),
      now,
    );
    const healthy = new Set(succeeded.filter((t) => t.endpoint?.failingSince).map((t) => t.delivery.endpointId));
    for (const endpointId of healthy) await deps.endpoints.markHealthy(endpointId);
    for (const failure of tried.filter((t) => !t.outcome.ok)) await settleFailure(failure, now);
  }

  /** Claims and attempts until nothing is due. */
  async function pass(): Promise<void> {
    await deps.deliveries.releaseExpiredLeases(deps.now());
    for (;;) {
      const claimed = await deps.deliveries.claim(deps.now(), CLAIM_BATCH, timing.leaseMs);
      if (claimed.length === 0) return;
      const endpoints = new Map(
        (await deps.endpoints.byIds([...new Set(claimed.map((d) => d.endpointId))])).map((e) => [e.id, e]),
      );
      const tried = await Promise.all(claimed.map((delivery) => attempt(delivery, endpoints.get(delivery.endpointId))));
      await record(tried).catch((error: unknown) =>
        deps.log.error({ err: error, deliveries: claimed.length }, 'webhook deliveries could not be settled'),
      );
    }
  }

  return { pass };
}

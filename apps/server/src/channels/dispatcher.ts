import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageRow } from '../modules/messaging/message-rows.js';
import type { ClaimedMessage, OutboundQueue } from '../modules/messaging/outbound-queue.js';
import { ChannelError, type ChannelAdapter, type NetworkRuntime, type SendResult } from './channel.js';
import { createCampaignPacers, createPacer, takeTogether } from './pacer.js';

/** Sends after which a transient failure becomes `failed`. */
export const MAX_ATTEMPTS = 5;
const IDLE_POLL_MS = 1_000;
const NOT_READY_POLL_MS = 250;

/** 2 s, 4 s, 8 s... up to 5 min, with ±20 % jitter so retries of a burst spread out. */
export function retryDelayMs(attempt: number): number {
  const base = Math.min(300_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export interface DispatcherDeps {
  /** Messaging's outbound queue (claim, record, retry, fail, give back). */
  queue: Pick<OutboundQueue, 'claim' | 'releaseClaims' | 'recordSent' | 'retryLater' | 'markFailed'>;
  leaseSeconds: number;
  /** Publishes `message.updated` for a changed row. */
  published(row: MessageRow): void;
  /**
   * Whether a campaign may still send, asked right before each of its messages is handed to the
   * channel (an in-memory answer, so a pause stops submits within a second, not a claim later).
   */
  campaignSending?(campaignId: string): boolean;
  log: FastifyBaseLogger;
}

async function finish(deps: DispatcherDeps, message: MessageRow, outcome: () => Promise<MessageRow | undefined>) {
  const row = await outcome();
  if (row) deps.published(row);
  else deps.log.debug({ messageId: message.id }, 'message changed state while it was being sent');
}

/**
 * Hands one claimed message to the channel and records what became of it; answers whether it
 * goes back to the queue for a later attempt. `answered` is called once the channel answered
 * (before the outcome is recorded): the message no longer takes a place in the window.
 */
async function sendOne(
  network: NetworkRuntime,
  adapter: ChannelAdapter,
  deps: DispatcherDeps,
  message: ClaimedMessage,
  answered: () => void,
): Promise<{ retry: boolean }> {
  let result: SendResult;
  try {
    result = await adapter.send(network, {
      id: message.id,
      networkId: network.id,
      to: message.toNumber,
      body: message.body,
      encoding: message.encoding,
      segments: message.segments,
      attempt: message.attempts,
    });
  } catch (error) {
    answered();
    const failure =
      error instanceof ChannelError ? error : new ChannelError((error as Error).message, { transient: true });
    const { transient, code = null, retryAfterMs } = failure.options;
    if (transient && message.attempts < MAX_ATTEMPTS) {
      const at = new Date(Date.now() + (retryAfterMs ?? retryDelayMs(message.attempts)));
      await finish(deps, message, () => deps.queue.retryLater(message.id, at, code, failure.message));
      return { retry: true };
    }
    await finish(deps, message, () => deps.queue.markFailed(message.id, code, failure.message));
    return { retry: false };
  }
  answered();
  await finish(deps, message, () =>
    deps.queue.recordSent({ id: message.id, providerMessageId: result.providerMessageId, state: result.state }),
  );
  return { retry: false };
}

/**
 * The dispatcher loop's sleep: `waitFor` ends after its time or at a `wake`. A wake-up that came
 * while the loop was busy (claiming, looking for the next due time) is kept for its next wait;
 * otherwise a message queued then would wait for the next poll.
 */
function createAlarm() {
  let wakeUp: (() => void) | null = null;
  let wakePending = false;
  return {
    wake() {
      if (wakeUp) wakeUp();
      else wakePending = true;
      wakeUp = null;
    },
    async waitFor(ms: number) {
      if (wakePending) {
        wakePending = false;
        return;
      }
      await Promise.race([sleep(ms), new Promise<void>((resolve) => (wakeUp = resolve))]);
      wakeUp = null;
    },
  };
}

/**
 * Sends one network's queued messages from this instance (the one holding the network's lease):
 * claims due messages with a row lease, paces them to the network's throughput (segments per
 * second), keeps at most the adapter's window waiting for the channel's answer, records the outcome.
 */
export function startNetworkDispatcher(network: NetworkRuntime, adapter: ChannelAdapter, deps: DispatcherDeps) {
  const pacer = createPacer(network.throughput);
  const campaignPacers = createCampaignPacers();
  const window = Math.max(1, adapter.concurrency?.(network) ?? 10);
  let inFlight = 0;
  let stopped = false;
  const stopping = new AbortController();
  const { wake, waitFor } = createAlarm();
  // The loop waits for sends to finish (the window is full), so a finished send wakes it. Once a
  // claim came back short, the queue held nothing more that was due: a finished send is then no
  // reason to ask again (a new message wakes the loop, a retry's due time is asked for).
  let waitingForRoom = false;
  /** Sends the channel answered whose outcome is being recorded. */
  let recording = 0;
  const idle = new Set<Promise<void>>();

  async function loop() {
    while (!stopped) {
      if (adapter.isReady && !adapter.isReady(network.id)) {
        await waitFor(NOT_READY_POLL_MS);
        continue;
      }
      // Outcomes still being recorded hold claims back once they are more than a window.
      const room = window - inFlight - Math.max(0, recording - window);
      // Refill when half the window is free, not at every freed slot: a claim costs a query,
      // and claiming one message per finished send would make the database the bottleneck.
      if (room <= 0 || (inFlight > 0 && room < Math.ceil(window / 2))) {
        waitingForRoom = true;
        await waitFor(IDLE_POLL_MS);
        waitingForRoom = false;
        continue;
      }
      // Claim no more than the pace allows within a few seconds, so leases never run out waiting.
      const limit = Math.min(room, network.throughput * 5);
      const { messages: batch, nextDue } = await deps.queue.claim(network.id, limit, deps.leaseSeconds);
      if (batch.length === 0) {
        await waitUntil(nextDue);
        continue;
      }
      for (const message of batch) deps.published(message);
      const held: string[] = [];
      for (const [index, message] of batch.entries()) {
        try {
          stopping.signal.throwIfAborted();
          // A campaign's message waits for a moment both its campaign's pacer and the network's
          // have room, and leaves then.
          const campaignPacer = campaignPacers.of(message.campaignId, message.campaignRate);
          await takeTogether(
            campaignPacer
              ? [
                  [pacer, message.segments],
                  [campaignPacer, 1],
                ]
              : [[pacer, message.segments]],
            stopping.signal,
          );
        } catch {
          // Stopped while waiting for a slot: what was claimed but not sent goes back to the queue.
          await deps.queue.releaseClaims([...held, ...batch.slice(index).map((m) => m.id)]);
          return;
        }
        // Paused or cancelled since the claim: not sent, back to the queue (a cancel sweeps it).
        if (message.campaignId && deps.campaignSending && !deps.campaignSending(message.campaignId)) {
          held.push(message.id);
          continue;
        }
        inFlight += 1;
        let answered = false;
        const answer = () => {
          if (answered) return;
          answered = true;
          inFlight -= 1;
          recording += 1;
          if (waitingForRoom) wake();
        };
        const sending = sendOne(network, adapter, deps, message, answer)
          .then(
            // A retry is due later than the loop may be sleeping: it asks for the next due time.
            ({ retry }) => {
              if (retry) wake();
            },
            (error: unknown) => deps.log.error({ err: error, messageId: message.id }, 'recording a send failed'),
          )
          .finally(() => {
            answer();
            recording -= 1;
            idle.delete(sending);
            if (waitingForRoom) wake();
          });
        idle.add(sending);
      }
      if (held.length) await deps.queue.releaseClaims(held);
      // A short claim took every message that was due: the next claim waits for a new one. (Not
      // so for a campaign's: its claim is capped at a few seconds of its rate.)
      if (batch.length < limit && !batch.some((m) => m.campaignId)) await waitUntil(nextDue);
    }
  }

  /** Sleeps until `due` (the network's next queued message; null: none), a wake-up, or the idle poll. */
  function waitUntil(due: Date | null) {
    return waitFor(due ? Math.min(IDLE_POLL_MS, Math.max(10, due.getTime() - Date.now())) : IDLE_POLL_MS);
  }

  const running = loop().catch((error: unknown) => {
    deps.log.error({ err: error, networkId: network.id }, 'the dispatcher stopped on an error');
  });

  return {
    wake,
    /** Stops claiming and waits for the sends in flight to be recorded. */
    async stop() {
      stopped = true;
      stopping.abort();
      wake();
      await running;
      await Promise.allSettled([...idle]);
    },
  };
}

export type NetworkDispatcher = ReturnType<typeof startNetworkDispatcher>;

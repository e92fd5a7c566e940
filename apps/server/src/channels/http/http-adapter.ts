import { HttpSettingsSchema, type HttpSettings } from '@switchboard/contract';
import { twilioHookUrl } from '../../modules/networks/network-view.js';
import { ChannelError, type ChannelAdapter, type ChannelHost, type NetworkRuntime } from '../channel.js';
import {
  createTwilioMessage,
  fetchTwilioAccount,
  ProviderUnreachableError,
  retryAfterMs,
  twilioErrorOf,
  type TwilioAnswer,
  type TwilioCallOptions,
} from './twilio-api.js';

export interface HttpAdapterOptions {
  /** PUBLIC_URL: every message asks the provider to report its status back here. */
  publicUrl: string;
  /** Defaults to Node's global fetch. */
  fetch?: typeof fetch;
  /** Per request, connection to last byte; default 10 s. */
  timeoutMs?: number;
}

type ReportedStatus = 'connected' | 'error';

/** Bounds of the sends in flight per network (Twilio allows an account 100 concurrent API requests). */
const MIN_IN_FLIGHT = 10;
const MAX_IN_FLIGHT = 100;

function settingsOf(network: NetworkRuntime): HttpSettings | string {
  const parsed = HttpSettingsSchema.safeParse(network.settings);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
  return `The network's provider settings are incomplete (${fields}).`;
}

/** Throttling and provider-side failures pass; anything else the provider refused will be refused again. */
function isTransient(status: number): boolean {
  return status === 429 || status >= 500;
}

/** The HTTP provider channel: Twilio's Messages API, or any provider that speaks it (DESIGN §2). */
export function createHttpAdapter(host: ChannelHost, options: HttpAdapterOptions): ChannelAdapter {
  const call: TwilioCallOptions = { fetch: options.fetch ?? globalThis.fetch, timeoutMs: options.timeoutMs ?? 10_000 };
  // What this instance last reported per network: the status is written on a change only, not on
  // every send. Forgotten on stop, which the runner calls when the network's settings change.
  const reported = new Map<string, ReportedStatus>();

  async function report(networkId: string, status: ReportedStatus, detail: string | null = null) {
    if (reported.get(networkId) === status) return;
    reported.set(networkId, status);
    try {
      await host.setNetworkStatus(networkId, status, detail);
      if (status === 'error') await host.log(networkId, { kind: 'error', message: detail ?? 'Provider error' });
    } catch (error) {
      reported.delete(networkId);
      host.logger.warn({ err: error, networkId }, 'could not record the HTTP network’s status');
    }
  }

  async function failureOf(network: NetworkRuntime, answer: TwilioAnswer): Promise<ChannelError> {
    const { code, message } = twilioErrorOf(answer);
    if (answer.status === 401) await report(network.id, 'error', `The provider refused the credentials: ${message}`);
    return new ChannelError(message, {
      transient: isTransient(answer.status),
      code: `HTTP_${code}`,
      retryAfterMs: retryAfterMs(answer.retryAfter),
    });
  }

  return {
    kind: 'http',

    /**
     * Sends in flight at once: a tenth of a second of the network's rate (10 to 100). A provider's
     * API answers each request in tens of milliseconds, more over the internet, so the dispatcher
     * default of 10 would cap a network set to 1,000 a second at a few hundred.
     */
    concurrency: (network) => Math.min(MAX_IN_FLIGHT, Math.max(MIN_IN_FLIGHT, Math.ceil(network.throughput / 10))),

    async send(network, message) {
      const settings = settingsOf(network);
      if (typeof settings === 'string') throw new ChannelError(settings, { transient: false, code: 'HTTP_SETTINGS' });
      let answer: TwilioAnswer;
      try {
        answer = await createTwilioMessage(
          settings,
          {
            To: message.to,
            From: network.address,
            Body: message.body,
            StatusCallback: twilioHookUrl(options.publicUrl, network.id, 'status'),
          },
          call,
        );
      } catch (error) {
        if (!(error instanceof ProviderUnreachableError)) throw error;
        // A timeout may come after the provider accepted the message; Twilio's API has no
        // idempotency key, so the retry can send it twice. Losing it silently would be worse.
        throw new ChannelError(error.message, {
          transient: true,
          code: error.timedOut ? 'HTTP_TIMEOUT' : 'HTTP_UNREACHABLE',
        });
      }
      if (answer.status < 200 || answer.status >= 300) throw await failureOf(network, answer);
      const sid = answer.body?.sid;
      if (typeof sid !== 'string' || !sid) {
        // Accepted but untraceable: retrying could send it twice, so it is not retried.
        throw new ChannelError('The provider accepted the message but answered without its sid.', {
          transient: false,
          code: 'HTTP_NO_SID',
        });
      }
      await report(network.id, 'connected');
      // Twilio answers `queued`/`accepted`: the provider has it, which is what `sent` means here.
      return { providerMessageId: sid, state: 'sent' };
    },

    async testConnection(network) {
      const settings = settingsOf(network);
      if (typeof settings === 'string') return { ok: false, error: settings };
      try {
        const answer = await fetchTwilioAccount(settings, call);
        if (answer.status !== 200) return { ok: false, error: twilioErrorOf(answer).message };
        const status = answer.body?.status;
        if (typeof status === 'string' && status !== 'active') {
          return { ok: false, error: `The provider account is ${status}.` };
        }
        return { ok: true };
      } catch (error) {
        if (error instanceof ProviderUnreachableError) return { ok: false, error: error.message };
        throw error;
      }
    },

    async stop(networkId) {
      reported.delete(networkId);
    },

    async close() {
      reported.clear();
    },
  };
}

import type { DeviceStreams } from '../../channels/android/device-streams.js';
import { AppError } from '../../lib/app-error.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { InboxExportBody } from './smsgate-schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The phone re-reads at most this much of its inbox per request (it sends one webhook per SMS). */
const MAX_RANGE_MS = 31 * 86_400_000;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `body.${path}`, message }]);

export interface SmsgateInboxDeps {
  networks: Pick<NetworksService, 'get'>;
  deviceStreams: Pick<DeviceStreams, 'sendAnywhere' | 'isStreamingAnywhere'>;
}

/**
 * The inbox export (`POST /inbox/export`, `/inbox/refresh`, `/messages/inbox/export`): the phone
 * is asked, over its event stream, to read its inbox again for a time range and send each SMS as
 * an `sms:received` webhook to us; the pipeline stores the ones it does not have yet (an inbound
 * SMS is keyed by its content hash and time, so one already stored is not stored twice).
 */
export function createSmsgateInbox(deps: SmsgateInboxDeps) {
  return {
    async requestExport(workspaceId: string, body: InboxExportBody): Promise<void> {
      const network = UUID.test(body.deviceId)
        ? await deps.networks.get(workspaceId, body.deviceId).catch(() => null)
        : null;
      if (!network || network.kind !== 'android')
        throw invalid('deviceId', 'deviceId is not a device of this account.');
      const since = Date.parse(body.since);
      const until = Date.parse(body.until);
      if (since >= until) throw invalid('until', 'until must be after since.');
      if (until - since > MAX_RANGE_MS) throw invalid('since', 'The range may be at most 31 days.');
      // The request reaches only a phone holding its stream open (on any instance): say so
      // rather than accept what no phone will do.
      if (!deps.deviceStreams.isStreamingAnywhere(network.id))
        throw new AppError('UNAVAILABLE', 'The phone is not connected now. Try again once it is online.');
      // The app reads every field as a string (smsgate.md §2.8); it reads back SMS only: we take no MMS.
      deps.deviceStreams.sendAnywhere(network.id, 'MessagesExportRequested', {
        since: new Date(since).toISOString(),
        until: new Date(until).toISOString(),
        messageTypes: 'SMS',
        triggerWebhooks: 'true',
        webhookDelivery: 'Individual',
      });
    },
  };
}

import type { ServerResponse } from 'node:http';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import { createStreamsElsewhere } from './streams-elsewhere.js';

/** Events the app acts on (protocols/smsgate.md §2.8); it logs and drops names it does not know. */
export type DeviceEvent = 'MessageEnqueued' | 'WebhooksUpdated' | 'SettingsUpdated' | 'MessagesExportRequested';

export interface DeviceStreamsOptions {
  /** How often an idle stream gets a comment line, so proxies do not close it. Default 15 s. */
  keepaliveMs?: number;
  /** Instances on one PostgreSQL: events for a phone streaming to another instance go through it. */
  bus?: ClusterBus;
}

interface Stream {
  deviceId: string;
  response: ServerResponse;
  keepalive: NodeJS.Timeout;
}

/**
 * The server-sent event streams phones hold open on this instance, per network: how the server
 * wakes a phone at once instead of waiting for its 15-minute poll. With several instances a
 * phone's stream is held by one of them: `sendAnywhere` and `isStreamingAnywhere` reach it there
 * (cluster notices 'device.event' and 'device.streams').
 */
export function createDeviceStreams(options: DeviceStreamsOptions = {}) {
  const keepaliveMs = options.keepaliveMs ?? 15_000;
  const byNetwork = new Map<string, Set<Stream>>();
  const listeners = new Set<(networkId: string) => void>();
  let closing = false;
  const bus = options.bus;
  // On the embedded database there is no elsewhere: no presence notices, no heartbeat timer.
  const elsewhere = bus?.shared ? createStreamsElsewhere(bus, () => [...byNetwork.keys()]) : undefined;

  function write(stream: Stream, text: string) {
    if (!stream.response.writableEnded && !stream.response.destroyed) stream.response.write(text);
  }

  function changed(networkId: string) {
    if (closing) return;
    elsewhere?.changed();
    for (const listener of listeners) listener(networkId);
  }

  function send(networkId: string, event: DeviceEvent, data: unknown = null): void {
    for (const stream of byNetwork.get(networkId) ?? [])
      write(stream, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  bus?.on('device.event', ({ networkId, event, data }) => send(networkId, event as DeviceEvent, data));
  bus?.on('device.streams.end', ({ networkId }) => end(networkId));

  /** Ends the network's streams, or only those of devices `keep` says no to. */
  function end(networkId: string, keep?: (deviceId: string) => boolean): void {
    for (const stream of byNetwork.get(networkId) ?? []) {
      if (!keep?.(stream.deviceId)) stream.response.end();
    }
  }

  const isStreaming = (networkId: string): boolean => (byNetwork.get(networkId)?.size ?? 0) > 0;

  function remove(networkId: string, stream: Stream) {
    clearInterval(stream.keepalive);
    const streams = byNetwork.get(networkId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) byNetwork.delete(networkId);
    changed(networkId);
  }

  return {
    /** Answers with an event stream on `response` and keeps it until either side closes it. */
    open(networkId: string, deviceId: string, response: ServerResponse): void {
      // The phone may have hung up while its token was checked: 'close' has fired already.
      if (response.destroyed) return;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers responses by default, which would hold events back.
        'x-accel-buffering': 'no',
      });
      // A first line sends the headers now, so the phone knows its stream is up.
      response.write(':connected\n\n');
      if (closing) {
        response.end();
        return;
      }
      const stream: Stream = {
        deviceId,
        response,
        keepalive: setInterval(() => write(stream, ':keepalive\n\n'), keepaliveMs),
      };
      let streams = byNetwork.get(networkId);
      if (!streams) byNetwork.set(networkId, (streams = new Set()));
      streams.add(stream);
      response.on('close', () => remove(networkId, stream));
      changed(networkId);
    },

    /** To the network's phones streaming to this instance. */
    send,

    /** To the network's phones wherever they stream (this instance, and the others through a notice). */
    sendAnywhere(networkId: string, event: DeviceEvent, data: unknown = null): void {
      send(networkId, event, data);
      void bus?.broadcast('device.event', { networkId, event, data });
    },

    /** Whether the network's phone streams to this instance. */
    isStreaming,

    /** Whether it streams to this instance or, as far as their last notices say, another one. */
    isStreamingAnywhere: (networkId: string): boolean => isStreaming(networkId) || !!elsewhere?.isStreaming(networkId),

    networkIds: (): string[] => [...byNetwork.keys()],

    /** Ends the network's streams on this instance, or only those of devices `keep` says no to. */
    end,

    /** Ends the network's streams on every instance (its phone was replaced). */
    endAnywhere(networkId: string): void {
      end(networkId);
      void bus?.broadcast('device.streams.end', { networkId });
    },

    /** Called with a network id when a stream of it opens or closes. */
    onChange(listener: (networkId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close(): Promise<void> {
      closing = true;
      await elsewhere?.close();
      for (const [networkId, streams] of byNetwork) {
        for (const stream of streams) {
          clearInterval(stream.keepalive);
          stream.response.end();
        }
        byNetwork.delete(networkId);
      }
    },
  };
}

export type DeviceStreams = ReturnType<typeof createDeviceStreams>;

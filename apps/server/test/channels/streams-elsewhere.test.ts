import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListeners, type ClusterBus, type ClusterTopic } from '../../src/cluster/cluster-bus.js';
import { createStreamsElsewhere } from '../../src/channels/android/streams-elsewhere.js';

/** Buses of instances on one database, in memory: a broadcast reaches every other bus at once. */
function linkedBuses(count: number): ClusterBus[] {
  const buses: Array<ClusterBus & { deliver(topic: ClusterTopic, payload: unknown): void }> = [];
  for (let i = 0; i < count; i++) {
    const listeners = createListeners();
    const bus = {
      instanceId: `instance-${i}`,
      shared: true,
      broadcast: async (topic: ClusterTopic, payload: unknown) => {
        for (const other of buses) if (other !== bus) other.deliver(topic, payload);
      },
      deliver: (topic: ClusterTopic, payload: unknown) =>
        listeners.deliver(topic, payload, (error) => {
          throw error;
        }),
      on: listeners.on,
      onResync: listeners.onResync,
      close: async () => {},
    };
    buses.push(bus);
  }
  return buses;
}

/** A few event-loop turns (notices go out on setImmediate; an answer takes another turn). */
const turn = async () => {
  for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(1);
};

describe('which phones stream to the other instances', () => {
  afterEach(() => vi.useRealTimers());

  it('learns another instance’s streams when they change and when it starts after them', async () => {
    vi.useFakeTimers();
    const [a, b, c] = linkedBuses(3);
    const onA = new Set<string>();
    const streamsOfA = createStreamsElsewhere(a!, () => [...onA]);
    const seenFromB = createStreamsElsewhere(b!, () => []);
    onA.add('net-1');
    streamsOfA.changed();
    await turn();
    expect(seenFromB.isStreaming('net-1')).toBe(true);
    expect(seenFromB.isStreaming('net-2')).toBe(false);

    // C starts later: its first (empty) notice makes A answer with its streams.
    const seenFromC = createStreamsElsewhere(c!, () => []);
    await turn();
    await turn();
    expect(seenFromC.isStreaming('net-1')).toBe(true);

    onA.delete('net-1');
    streamsOfA.changed();
    await turn();
    expect(seenFromB.isStreaming('net-1')).toBe(false);
    expect(seenFromC.isStreaming('net-1')).toBe(false);
    for (const side of [streamsOfA, seenFromB, seenFromC]) await side.close();
  });

  it('forgets the streams of an instance that went silent (killed) after 30 s, keeps a live one’s', async () => {
    vi.useFakeTimers();
    const [a, b] = linkedBuses(2);
    const onA = new Set(['net-1']);
    const streamsOfA = createStreamsElsewhere(a!, () => [...onA]);
    const seenFromB = createStreamsElsewhere(b!, () => []);
    await turn();
    await vi.advanceTimersByTimeAsync(55_000);
    expect(seenFromB.isStreaming('net-1')).toBe(true); // A's heartbeats (the last at 50 s) kept it

    // A is killed: no close, no more heartbeats.
    a!.broadcast = async () => {};
    await vi.advanceTimersByTimeAsync(24_000);
    expect(seenFromB.isStreaming('net-1')).toBe(true);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(seenFromB.isStreaming('net-1')).toBe(false);
    await streamsOfA.close();
    await seenFromB.close();
  });

  it('tells the others at close that its streams are gone', async () => {
    vi.useFakeTimers();
    const [a, b] = linkedBuses(2);
    const streamsOfA = createStreamsElsewhere(a!, () => ['net-1']);
    const seenFromB = createStreamsElsewhere(b!, () => []);
    await turn();
    expect(seenFromB.isStreaming('net-1')).toBe(true);
    await streamsOfA.close();
    expect(seenFromB.isStreaming('net-1')).toBe(false);
    await seenFromB.close();
  });
});

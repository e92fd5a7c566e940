import { describe, expect, it } from 'vitest';
import type { NetworkRuntime } from '../../src/channels/channel.js';
import { createRuntimeCache } from '../../src/modules/networks/runtime-cache.js';
import type { NetworkRow } from '../../src/modules/networks/networks.repository.js';

/** A stand-in database whose rows the test changes, and whose reads it can hold back. */
function fakeNetworks() {
  let version = 1;
  let held: (() => void) | undefined;
  const reads: number[] = [];
  const cache = createRuntimeCache({
    async findById(id) {
      const read = version;
      reads.push(read);
      if (held === undefined) await new Promise<void>((resolve) => (held = resolve));
      return { id, version: read } as unknown as NetworkRow;
    },
    runtimeOf: (row) =>
      ({
        id: row.id,
        settings: { version: (row as unknown as { version: number }).version },
      }) as unknown as NetworkRuntime,
    touch: async () => {},
  });
  return {
    cache,
    reads,
    change: () => (version += 1),
    /** Lets the read that is waiting finish; later reads answer at once. */
    release() {
      const resolve = held;
      held = () => {};
      resolve?.();
    },
  };
}

const versionOf = (runtime: NetworkRuntime | undefined) => (runtime?.settings as { version: number }).version;

describe('the networks runtime cache', () => {
  it('keeps a network for a while: a second read does not go to the database', async () => {
    const networks = fakeNetworks();
    networks.release();
    expect(versionOf(await networks.cache.get('n1'))).toBe(1);
    networks.change();
    expect(versionOf(await networks.cache.get('n1'))).toBe(1);
    expect(networks.reads).toEqual([1]);
  });

  it('does not keep a row read while a change dropped the entry (the next read sees the change)', async () => {
    const networks = fakeNetworks();
    const inFlight = networks.cache.get('n1'); // reads version 1 and waits
    networks.change();
    networks.cache.forget('n1'); // the change is committed and announced meanwhile
    networks.release();
    expect(versionOf(await inFlight)).toBe(1);
    expect(versionOf(await networks.cache.get('n1'))).toBe(2);
  });
});

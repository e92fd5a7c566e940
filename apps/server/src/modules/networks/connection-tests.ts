import { CreateNetworkBodySchema, type ConnectionTestResult, type CreateNetworkBody } from '@switchboard/contract';
import type { ChannelAdapter, NetworkRuntime } from '../../channels/channel.js';
import { SANDBOX_ADDRESS, type NetworksService } from './networks.service.js';

export interface ConnectionTestsDeps {
  networks: NetworksService;
  /** The channel registry's adapter of a kind. */
  adapterFor(kind: NetworkRuntime['kind']): ChannelAdapter;
}

/** A create body as the runtime an adapter can test, before anything is saved. */
function draftRuntime(body: CreateNetworkBody): NetworkRuntime {
  const parsed = CreateNetworkBodySchema.parse(body);
  return {
    id: '00000000-0000-0000-0000-000000000000',
    workspaceId: '',
    kind: parsed.kind,
    name: parsed.name,
    address: 'address' in parsed ? parsed.address : SANDBOX_ADDRESS,
    throughput: 'throughput' in parsed ? parsed.throughput : 1,
    enabled: true,
    settings: 'settings' in parsed ? parsed.settings : {},
  };
}

/**
 * "Test connection" for a network being added (its draft settings) or a saved one. Apart from
 * the networks service because it needs the channels, and the channels need the pipeline, which
 * needs the networks service: built after all three, it closes that circle without late wiring.
 */
export function createConnectionTests(deps: ConnectionTestsDeps) {
  async function test(runtime: NetworkRuntime): Promise<ConnectionTestResult> {
    const result = await deps.adapterFor(runtime.kind).testConnection(runtime);
    return result.ok ? { ok: true, error: null } : { ok: false, error: result.error };
  }

  return {
    testDraft: (body: CreateNetworkBody) => test(draftRuntime(body)),

    async testSaved(workspaceId: string, id: string): Promise<ConnectionTestResult> {
      const runtime = await deps.networks.savedRuntime(workspaceId, id);
      const result = await test(runtime);
      // An HTTP provider has no connection to watch: a checked account is the best status there is.
      if (runtime.kind === 'http' && runtime.enabled) {
        await deps.networks.setStatus(id, result.ok ? 'connected' : 'error', result.error);
      }
      return result;
    },
  };
}

export type ConnectionTests = ReturnType<typeof createConnectionTests>;

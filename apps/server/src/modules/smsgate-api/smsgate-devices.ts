import type { Network } from '@switchboard/contract';
import type { NetworksService } from '../networks/networks.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SmsgateDevice {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  lastSeen: string;
  simCards?: Array<{ simNumber: number; phoneNumber: string | null; carrierName: string | null }>;
}

function toDevice(network: Network): SmsgateDevice {
  const phone = 'device' in network.settings ? network.settings.device : null;
  const seen = network.lastSeenAt ?? phone?.registeredAt ?? network.createdAt;
  return {
    id: network.id,
    name: network.name,
    createdAt: network.createdAt,
    updatedAt: phone?.registeredAt ?? network.createdAt,
    lastSeen: seen,
    ...(phone && { simCards: phone.simCards }),
  };
}

/**
 * `/devices`: SMSGate's devices are the workspace's Android networks (one phone each), by the
 * network's id, which `deviceId` of a send names.
 */
export function createSmsgateDevices(networks: Pick<NetworksService, 'list' | 'get' | 'rotateRegistrationToken'>) {
  return {
    async list(workspaceId: string): Promise<SmsgateDevice[]> {
      return (await networks.list(workspaceId)).filter((n) => n.kind === 'android').map(toDevice);
    },

    /**
     * Unpairs the phone, as the reference's delete does (its token then gets 401): a new
     * registration token replaces the old one (not shown; an admin issues one on the network's
     * page to pair again). The network, its messages and its settings stay. Not deleting the
     * network is deliberate: that would delete its conversations too. An unknown id, or a network
     * that is not Android, changes nothing (204 like the reference).
     */
    async remove(workspaceId: string, id: string): Promise<void> {
      if (!UUID.test(id)) return;
      const network = await networks.get(workspaceId, id).catch(() => null);
      if (network?.kind !== 'android') return;
      await networks.rotateRegistrationToken(workspaceId, id);
    },
  };
}

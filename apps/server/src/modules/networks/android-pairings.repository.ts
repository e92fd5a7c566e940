import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { NetworkStatus } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { androidDevices, networks } from '../../db/schema/index.js';

export type AndroidDeviceRow = typeof androidDevices.$inferSelect;

/** A phone pairing and what the mobile API must know of its network to answer. */
export interface Pairing {
  device: AndroidDeviceRow;
  network: { id: string; workspaceId: string; enabled: boolean; status: NetworkStatus; lastSeenAt: Date | null };
}

export interface RegisteredDevice {
  deviceId: string;
  deviceTokenHash: string;
  login: string;
  passwordHash: string;
  name: string;
  pushToken: string | null;
  simCards: Array<Record<string, unknown>>;
  /** Sealed; a new key per registration, so a replaced phone can no longer sign webhooks. */
  signingKey: string;
}

const networkColumns = {
  id: networks.id,
  workspaceId: networks.workspaceId,
  enabled: networks.enabled,
  status: networks.status,
  lastSeenAt: networks.lastSeenAt,
};

/**
 * Pairings of SMSGate phones with Android networks (android_devices, owned by the networks
 * module). Every lookup starts from a credential the phone presented (a token hash) or a network
 * id from a verified source, so none takes a workspace.
 */
export function createAndroidPairingsRepository(db: Db) {
  async function pairingWhere(condition: SQL): Promise<Pairing | undefined> {
    const [row] = await db
      .select({ device: androidDevices, network: networkColumns })
      .from(androidDevices)
      .innerJoin(networks, eq(networks.id, androidDevices.networkId))
      .where(condition);
    return row;
  }

  return {
    byRegistrationTokenHash: (hash: string) => pairingWhere(eq(androidDevices.registrationTokenHash, hash)),
    byDeviceTokenHash: (hash: string) => pairingWhere(eq(androidDevices.deviceTokenHash, hash)),
    byNetwork: (networkId: string) => pairingWhere(eq(androidDevices.networkId, networkId)),

    /**
     * Pairs a phone, replacing the previous one. Matching on the registration token as well means
     * a token rotated in the meantime wins: false is returned and nothing changes.
     */
    async register(networkId: string, registrationTokenHash: string, device: RegisteredDevice): Promise<boolean> {
      const rows = await db
        .update(androidDevices)
        .set({ ...device, registeredAt: new Date() })
        .where(
          and(eq(androidDevices.networkId, networkId), eq(androidDevices.registrationTokenHash, registrationTokenHash)),
        )
        .returning({ networkId: androidDevices.networkId });
      return rows.length > 0;
    },

    async updateDevice(
      networkId: string,
      deviceId: string,
      values: { pushToken?: string; simCards?: Array<Record<string, unknown>> },
    ): Promise<void> {
      if (values.pushToken === undefined && values.simCards === undefined) return;
      await db
        .update(androidDevices)
        .set(values)
        .where(and(eq(androidDevices.networkId, networkId), eq(androidDevices.deviceId, deviceId)));
    },

    async findDevice(networkId: string): Promise<AndroidDeviceRow | undefined> {
      const [row] = await db.select().from(androidDevices).where(eq(androidDevices.networkId, networkId));
      return row;
    },

    /** The phones of these networks, by network id, in one query (the networks list). */
    async findDevices(networkIds: string[]): Promise<Map<string, AndroidDeviceRow>> {
      if (networkIds.length === 0) return new Map();
      const rows = await db.select().from(androidDevices).where(inArray(androidDevices.networkId, networkIds));
      return new Map(rows.map((row) => [row.networkId, row]));
    },

    /** A new registration token unpairs the phone: its device token stops working at once. */
    async upsertPairing(values: typeof androidDevices.$inferInsert, tx: Db = db): Promise<void> {
      await tx
        .insert(androidDevices)
        .values(values)
        .onConflictDoUpdate({
          target: androidDevices.networkId,
          set: {
            registrationTokenHash: values.registrationTokenHash,
            registrationTokenHint: values.registrationTokenHint,
            webhookToken: values.webhookToken,
            signingKey: values.signingKey,
            deviceId: null,
            deviceTokenHash: null,
            pushToken: null,
            registeredAt: null,
          },
        });
    },
  };
}

export type AndroidPairingsRepository = ReturnType<typeof createAndroidPairingsRepository>;

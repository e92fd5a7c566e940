import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { NetworkStatus } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { androidDevices, contacts, messages, networks } from '../../db/schema/index.js';

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

/** An outbound message waiting for the phone, with its recipient. */
export interface PendingMessage {
  id: string;
  body: string;
  createdAt: Date;
  phoneNumber: string;
}

const networkColumns = {
  id: networks.id,
  workspaceId: networks.workspaceId,
  enabled: networks.enabled,
  status: networks.status,
  lastSeenAt: networks.lastSeenAt,
};

/**
 * Pairings of SMSGate phones and the outbound queries their polls need. Every lookup starts from
 * a credential the phone presented (a token hash) or a network id from a verified source.
 */
export function createAndroidRepository(db: Db) {
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

    /**
     * Outbound messages the phone has not reported beyond Processed: queued ones first (so a phone
     * slow to report never starves new messages), then those it took, so a lost state report is
     * repaired when the phone sees the id again and re-reports it.
     */
    async pendingMessages(networkId: string, order: 'lifo' | 'fifo', limit: number): Promise<PendingMessage[]> {
      const byAge = order === 'fifo' ? asc : desc;
      return db
        .select({
          id: messages.id,
          body: messages.body,
          createdAt: messages.createdAt,
          phoneNumber: contacts.phoneNumber,
        })
        .from(messages)
        .innerJoin(contacts, eq(contacts.id, messages.contactId))
        .where(
          and(
            eq(messages.networkId, networkId),
            eq(messages.direction, 'out'),
            // Literal states, so the planner can use the partial dispatch index.
            sql`${messages.state} in ('queued', 'sending')`,
          ),
        )
        .orderBy(sql`${messages.state} = 'queued' desc`, byAge(messages.createdAt), byAge(messages.id))
        .limit(limit);
    },
  };
}

export type AndroidRepository = ReturnType<typeof createAndroidRepository>;

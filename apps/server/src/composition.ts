import type { FastifyBaseLogger } from 'fastify';
import { createDeviceStreams, type DeviceStreams } from './channels/android/device-streams.js';
import { createNetworkRunner, type NetworkRunner } from './channels/network-runner.js';
import { createChannelRegistry, type ChannelRegistry } from './channels/registry.js';
import type { AppConfig } from './config/config.js';
import type { Db } from './db/database.js';
import { createLocalFileStorage } from './lib/file-storage.js';
import { createMailer } from './lib/mailer.js';
import { createSecretBox, type SecretBox } from './lib/secret-box.js';
import { createAccessTokens } from './modules/auth/access-token.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createAutoReplyService, type AutoReplyService } from './modules/auto-reply/auto-reply.service.js';
import { createComplianceService, type ComplianceService } from './modules/compliance/compliance.service.js';
import {
  createConversationsService,
  type ConversationsService,
} from './modules/conversations/conversations.service.js';
import { createMembersService, type MembersService } from './modules/members/members.service.js';
import { createMessagingService, type MessagingService } from './modules/messaging/messaging.service.js';
import { createConnectionTests, type ConnectionTests } from './modules/networks/connection-tests.js';
import { createNetworksService, type NetworksService } from './modules/networks/networks.service.js';
import { createPreferencesService, type PreferencesService } from './modules/preferences/preferences.service.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { createRecordingTokens } from './modules/voice/recording-token.js';
import { createVoiceService, type VoiceService } from './modules/voice/voice.service.js';
import { createWorkspacesService, type WorkspacesService } from './modules/workspaces/workspaces.service.js';
import type { EventPublisher } from './realtime/publisher.js';

/** How long a recording link (for <audio> and downloads) stays valid. */
const RECORDING_LINK_TTL_SECONDS = 600;

export interface Services {
  users: UsersService;
  auth: AuthService;
  workspaces: WorkspacesService;
  members: MembersService;
  preferences: PreferencesService;
  networks: NetworksService;
  connectionTests: ConnectionTests;
  messaging: MessagingService;
  voice: VoiceService;
  conversations: ConversationsService;
  compliance: ComplianceService;
  autoReply: AutoReplyService;
}

/** The settings the services read (a subset of AppConfig, so a test can pass a literal). */
export type ServicesConfig = Pick<
  AppConfig,
  | 'publicUrl'
  | 'filesDir'
  | 'accessTokenTtl'
  | 'refreshTokenTtl'
  | 'smtpUrl'
  | 'mailFrom'
  | 'sandboxDeliveryMs'
  | 'messageLeaseSeconds'
>;

export interface ServicesDeps {
  config: ServicesConfig;
  /** Resolved keys (config/generated-secret.ts makes them when the config has none). */
  keys: { jwtSecret: string; secretsKey: string };
  db: Db;
  /**
   * True on the embedded database: this process is the only one, so network and message leases
   * left behind are a dead process's and are cleared when the runner starts.
   */
  soleInstance: boolean;
  log: FastifyBaseLogger;
  /** Where services send socket events (the socket.io server's publisher, or a test's sink). */
  events: EventPublisher;
}

export interface Composition {
  services: Services;
  channels: ChannelRegistry;
  /** Starts the channels and dispatchers of the networks this instance leases; not started here. */
  networkRunner: NetworkRunner;
  /** Open event streams of Android phones (the mobile API's routes share them). */
  deviceStreams: DeviceStreams;
  secretBox: SecretBox;
  /** Stops the runner (if started) and the channels; the database stays open. */
  close(): Promise<void>;
}

/**
 * Builds every service with its dependencies, in dependency order, with no HTTP server: what
 * `buildApp` serves and what a service test drives directly. Nothing runs until
 * `networkRunner.start()`; nothing is seeded (see seed/demo-data.ts).
 *
 * The order closes one circle explicitly: networks → messaging (the pipeline, the channels'
 * host) → channels → connection tests (which need the channels and the networks).
 */
export function createServices(deps: ServicesDeps): Composition {
  const { config, db, events, log } = deps;
  const secretBox = createSecretBox(deps.keys.secretsKey);
  const deviceStreams = createDeviceStreams();

  const networks = createNetworksService({
    db,
    secretBox,
    events,
    publicUrl: config.publicUrl,
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    deviceStreaming: deviceStreams.isStreaming,
  });
  const messaging = createMessagingService({ db, networks, events, log });
  const compliance = createComplianceService({ db, messaging, events });
  const autoReply = createAutoReplyService({ db, messaging, networks, events, log });
  // Opt-out keywords come first in the inbound transaction: no rule answers them.
  messaging.addInboundStep(compliance.inboundStep);
  messaging.addInboundStep(autoReply.inboundStep, autoReply.prepareBatch);

  const channels = createChannelRegistry(messaging.host, {
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    publicUrl: config.publicUrl,
    android: { db, streams: deviceStreams },
  });
  const connectionTests = createConnectionTests({ networks, adapterFor: channels.adapterFor });

  const users = createUsersService(db);
  const workspaces = createWorkspacesService(db, { onCreated: networks.createSandbox });
  const jwtSecret = deps.keys.jwtSecret;
  const auth = createAuthService({
    db,
    accessTokens: createAccessTokens(jwtSecret, config.accessTokenTtl),
    refreshTokenTtlSeconds: config.refreshTokenTtl,
    publicUrl: config.publicUrl,
    mailer: createMailer(config.smtpUrl, config.mailFrom, log),
    workspaces,
    log,
  });
  const voice = createVoiceService({
    db,
    networks,
    events,
    storage: createLocalFileStorage(config.filesDir),
    recordingTokens: createRecordingTokens(jwtSecret, RECORDING_LINK_TTL_SECONDS),
    log,
  });

  const networkRunner = createNetworkRunner({
    networks,
    messaging,
    adapterFor: channels.adapterFor,
    soleInstance: deps.soleInstance,
    messageLeaseSeconds: config.messageLeaseSeconds,
    log,
  });

  return {
    services: {
      users,
      auth,
      workspaces,
      members: createMembersService(db),
      preferences: createPreferencesService(db),
      networks,
      connectionTests,
      messaging,
      voice,
      conversations: createConversationsService({ db, messaging, events }),
      compliance,
      autoReply,
    },
    channels,
    networkRunner,
    deviceStreams,
    secretBox,
    async close() {
      await networkRunner.close();
      await channels.close();
    },
  };
}

import type { ClusterBus } from './cluster/cluster-bus.js';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { createDeviceStreams, type DeviceStreams } from './channels/android/device-streams.js';
import { createNetworkRunner, type NetworkRunner } from './channels/network-runner.js';
import { createChannelRegistry, type ChannelRegistry } from './channels/registry.js';
import type { AppConfig } from './config/config.js';
import type { Db } from './db/database.js';
import { createLocalFileStorage } from './lib/file-storage.js';
import { createMailer } from './lib/mailer.js';
import { createPeriodicJob, type JobTurns } from './lib/periodic-job.js';
import { createSecretBox, type SecretBox } from './lib/secret-box.js';
import {
  createAccountService,
  type AccountService,
  type AccountServiceDeps,
} from './modules/account/account.service.js';
import { createAccessTokens } from './modules/auth/access-token.js';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/analytics.service.js';
import { createAuthService, type AuthService, type AuthServiceDeps } from './modules/auth/auth.service.js';
import { createAutoReplyService, type AutoReplyService } from './modules/auto-reply/auto-reply.service.js';
import { createInvoices, type InvoicesService } from './modules/billing/invoices/invoices.service.js';
import { createBillingService, type BillingService } from './modules/billing/billing.service.js';
import { createPaymentProviders, type PaymentProviders } from './modules/billing/providers/index.js';
import { createTestProvider } from './modules/billing/providers/test-provider.js';
import { createCampaignsService, type CampaignsService } from './modules/campaigns/campaigns.service.js';
import {
  createDeveloperApiService,
  type DeveloperApiDeps,
  type DeveloperApiService,
} from './modules/developer-api/developer-api.service.js';
import { createSmsgateApiService, type SmsgateApiService } from './modules/smsgate-api/smsgate-api.service.js';
import { createContactsService, type ContactsService } from './modules/contacts/contacts.service.js';
import { createCoordination } from './modules/coordination/coordination.service.js';
import { createComplianceService, type ComplianceService } from './modules/compliance/compliance.service.js';
import {
  createConversationsService,
  type ConversationsService,
} from './modules/conversations/conversations.service.js';
import { createMembersService, type MembersService } from './modules/members/members.service.js';
import { createTeamService, type TeamService } from './modules/team/team.service.js';
import { createMessageHistory } from './modules/messaging/message-history.js';
import { createMessagingService, type MessagingService } from './modules/messaging/messaging.service.js';
import { createOutbound } from './modules/messaging/outbound.js';
import { createConnectionTests, type ConnectionTests } from './modules/networks/connection-tests.js';
import { createNetworksService, type NetworksService } from './modules/networks/networks.service.js';
import { createPreferencesService, type PreferencesService } from './modules/preferences/preferences.service.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { createRecordingTokens } from './modules/voice/recording-token.js';
import { createVoiceService, type VoiceService } from './modules/voice/voice.service.js';
import { createWebhookTap, type WebhookTap } from './modules/webhooks/webhook-events.js';
import {
  createWebhooksService,
  type WebhooksDeps,
  type WebhooksService,
  type WebhookTuning,
} from './modules/webhooks/webhooks.service.js';
import { createWorkspacesService, type WorkspacesService } from './modules/workspaces/workspaces.service.js';
import type { EventPublisher } from './realtime/publisher.js';

/** How long a recording link (for <audio> and downloads) stays valid. */
const RECORDING_LINK_TTL_SECONDS = 600;
/** How often old login failures are deleted (they count for an account's limit only briefly). */
const LOGIN_FAILURE_PRUNE_MS = 10 * 60_000;

export interface Services {
  users: UsersService;
  contacts: ContactsService;
  auth: AuthService;
  workspaces: WorkspacesService;
  members: MembersService;
  team: TeamService;
  preferences: PreferencesService;
  networks: NetworksService;
  connectionTests: ConnectionTests;
  messaging: MessagingService;
  voice: VoiceService;
  conversations: ConversationsService;
  compliance: ComplianceService;
  autoReply: AutoReplyService;
  campaigns: CampaignsService;
  developerApi: DeveloperApiService;
  smsgateApi: SmsgateApiService;
  webhooks: WebhooksService;
  invoices: InvoicesService;
  billing: BillingService;
  analytics: AnalyticsService;
  account: AccountService;
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
  | 'allowInsecureWebhooks'
  | 'webhookTimeoutMs'
  | 'billing'
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
  /** Notices to and from the other instances on this database (database.openClusterBus). */
  bus: ClusterBus;
  /** Tests only: the webhooks' clock, resolver and timing. */
  webhookTuning?: WebhookTuning;
  /** Tests only: billing's clock (periods, proration, reminders). */
  billingClock?: () => Date;
}

export interface Composition {
  services: Services;
  channels: ChannelRegistry;
  /** Starts the channels and dispatchers of the networks this instance leases; not started here. */
  networkRunner: NetworkRunner;
  /** Open event streams of Android phones (the mobile API's routes share them). */
  deviceStreams: DeviceStreams;
  secretBox: SecretBox;
  /** The payment provider of each method: billing's, which its webhook routes verify with and the CSP allows. */
  paymentProviders: PaymentProviders;
  /**
   * @fastify/rate-limit's store when instances share a PostgreSQL (their counters in it);
   * undefined on the embedded database, which keeps the plugin's in-memory one.
   */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  /** Stops the runner (if started) and the channels; the database stays open. */
  close(): Promise<void>;
}

/** A timer that starts and stops with the dispatchers (the campaigns' ticker, housekeeping sweeps). */
interface BackgroundJob {
  /** `turns`: the instances' turns on a shared PostgreSQL (work on shared rows runs on one instance). */
  start(turns?: JobTurns): void;
  stop(): Promise<void>;
}

/** The background jobs start after the runner and stop before it, in the order given. */
function withBackgroundJobs(runner: NetworkRunner, jobs: BackgroundJob[], turns?: JobTurns): NetworkRunner {
  return {
    ...runner,
    async start() {
      await runner.start();
      for (const job of jobs) job.start(turns);
    },
    async close() {
      for (const job of jobs) await job.stop();
      await runner.close();
    },
  };
}

/**
 * The runner with the background jobs that start and stop with the dispatchers (schedules,
 * stale imports, the developer API's keys and revocations, webhook deliveries) and the login
 * failures' prune. Instances on one
 * PostgreSQL share the rate limits' counters and take turns at jobs on shared rows (the jobs and
 * why each is safe: ARCHITECTURE.md "Several instances"); one embedded process needs neither.
 */
function withSharedWork(deps: ServicesDeps, runner: NetworkRunner, jobs: BackgroundJob[], auth: AuthService) {
  const coordination = deps.soleInstance ? null : createCoordination(deps.db, deps.log);
  const loginFailurePrune = createPeriodicJob(LOGIN_FAILURE_PRUNE_MS, auth.pruneLoginFailures, deps.log, {
    sharedAs: 'login-failure-prune',
  });
  const all = [...jobs, loginFailurePrune, ...(coordination ? [coordination.counterSweep] : [])];
  return {
    networkRunner: withBackgroundJobs(runner, all, coordination?.turns),
    rateLimitStore: coordination?.rateLimitStore,
  };
}

/** Outgoing webhooks, fed by what the services announce (the tap), sent by their own dispatcher. */
function createWebhooks(
  deps: ServicesDeps,
  tap: WebhookTap,
  parts: Pick<WebhooksDeps, 'secretBox' | 'messaging' | 'users' | 'contacts' | 'mailer' | 'networks'>,
): WebhooksService {
  const { config } = deps;
  const webhooks = createWebhooksService({
    db: deps.db,
    ...parts,
    publicUrl: config.publicUrl,
    allowInsecure: config.allowInsecureWebhooks,
    log: deps.log,
    bus: deps.bus,
    tuning: { ...deps.webhookTuning, timing: { timeoutMs: config.webhookTimeoutMs, ...deps.webhookTuning?.timing } },
  });
  tap.connect(webhooks.offer);
  return webhooks;
}

/** Authentication; its session cache hears of revocations on other instances through the bus. */
function createAuth(deps: ServicesDeps, parts: Pick<AuthServiceDeps, 'mailer' | 'workspaces' | 'users' | 'secretBox'>) {
  const { config } = deps;
  return createAuthService({
    db: deps.db,
    accessTokens: createAccessTokens(deps.keys.jwtSecret, config.accessTokenTtl),
    refreshTokenTtlSeconds: config.refreshTokenTtl,
    publicUrl: config.publicUrl,
    log: deps.log,
    bus: deps.bus,
    jwtSecret: deps.keys.jwtSecret,
    ...parts,
  });
}

/** The developer API (`/api/v1`) over the services it reaches; its keys, tokens and idempotency are its own. */
function createDeveloperApi(
  deps: ServicesDeps,
  jwtSecret: string,
  services: Omit<DeveloperApiDeps, 'db' | 'log' | 'jwtSecret' | 'bus'>,
): DeveloperApiService {
  return createDeveloperApiService({ db: deps.db, log: deps.log, bus: deps.bus, jwtSecret, ...services });
}

/** The channels and dispatchers of the networks this instance leases (started with the background jobs). */
function createRunner(
  deps: ServicesDeps,
  parts: {
    networks: NetworksService;
    messaging: MessagingService;
    channels: ChannelRegistry;
    campaigns: CampaignsService;
  },
): NetworkRunner {
  return createNetworkRunner({
    networks: parts.networks,
    messaging: parts.messaging,
    adapterFor: parts.channels.adapterFor,
    soleInstance: deps.soleInstance,
    messageLeaseSeconds: deps.config.messageLeaseSeconds,
    campaignSending: parts.campaigns.isSending,
    log: deps.log,
  });
}

/** Account settings over the services that own their tables. */
function createAccount(
  deps: ServicesDeps,
  parts: Omit<AccountServiceDeps, 'db' | 'log' | 'publicUrl' | 'preferences'>,
) {
  const { db, log, config } = deps;
  // The preferences service is a stateless view of the users table: its own instance here is the same.
  const preferences = createPreferencesService(parts.users);
  return createAccountService({ db, log, publicUrl: config.publicUrl, preferences, ...parts });
}

/** Cards through Stripe, PayPal through PayPal when their keys are set, else the offline test provider. */
const paymentProvidersOf = (deps: ServicesDeps): PaymentProviders =>
  createPaymentProviders(deps.config.billing, { testProvider: createTestProvider(deps.billingClock), log: deps.log });

/** Billing over the payment providers. */
function createBilling(
  deps: ServicesDeps,
  parts: {
    workspaces: WorkspacesService;
    users: UsersService;
    auth: AuthService;
    mailer: ReturnType<typeof createMailer>;
    /** Invoices and credit notes in the paying / refunding transaction; the new account's billing profile. */
    invoices: InvoicesService;
    providers: PaymentProviders;
  },
): BillingService {
  const { config } = deps;
  return createBillingService({
    db: deps.db,
    ...parts,
    startSession: parts.auth.startSession,
    taxRatePercent: config.billing.taxRatePercent,
    publicUrl: config.publicUrl,
    claimSecret: deps.keys.jwtSecret,
    log: deps.log,
    now: deps.billingClock,
  });
}

/**
 * Builds every service with its dependencies, in dependency order, with no HTTP server: what
 * `buildApp` serves and what a service test drives directly. Nothing runs until
 * `networkRunner.start()`; nothing is seeded (see seed/demo-data.ts).
 *
 * Built in dependency order, each service handed what it uses; the one circle (networks →
 * pipeline → channels → a network's connection test) is closed by building the connection tests
 * last. The inbound pipeline's steps are listed where messaging is built.
 */
export function createServices(deps: ServicesDeps): Composition {
  const { config, db, log, bus } = deps;
  const events = createWebhookTap(deps.events); // what is announced after a commit also goes to webhooks
  const secretBox = createSecretBox(deps.keys.secretsKey);
  const deviceStreams = createDeviceStreams({ bus: deps.bus });

  // Owners of tables that only depend on the database.
  const users = createUsersService(db);
  const storage = createLocalFileStorage(config.filesDir);
  const contacts = createContactsService({ db, events, users, storage, log });
  const history = createMessageHistory(db);
  const networks = createNetworksService({
    db,
    secretBox,
    events,
    history,
    publicUrl: config.publicUrl,
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    deviceStreaming: deviceStreams.isStreamingAnywhere,
    bus: deps.bus,
  });
  const workspaces = createWorkspacesService(db, { onCreated: networks.createSandbox, events });
  // The pipeline. Outbound first: the inbound steps queue their replies through it.
  const outbound = createOutbound({ db, networks, workspaces, events, bus: deps.bus });
  const compliance = createComplianceService({ workspaces, contacts, outbound, events });
  const autoReply = createAutoReplyService({ db, outbound, networks, workspaces, contacts, history, events, log, bus });
  const messaging = createMessagingService({
    db,
    networks,
    events,
    log,
    outbound,
    // Every new inbound message, in the transaction that stores it, in this order:
    inboundSteps: [
      // 1. STOP / START / HELP change the contact's consent and are answered; no rule answers them.
      { run: compliance.optOutStep },
      // 2. The first matching auto-reply rule (its patterns run once per batch in `prepare`).
      autoReply.inboundStep,
    ],
  });

  // Channels hand their messages to the pipeline; the connection test needs the channels.
  const channels = createChannelRegistry(messaging.host, {
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    publicUrl: config.publicUrl,
    android: { pairings: networks.androidPairings, streams: deviceStreams },
  });
  const connectionTests = createConnectionTests({ networks, adapterFor: channels.adapterFor });

  const jwtSecret = deps.keys.jwtSecret;
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log);
  const auth = createAuth(deps, { mailer, workspaces, users, secretBox });
  const voice = createVoiceService({
    db,
    networks,
    contacts,
    messaging,
    events,
    storage,
    recordingTokens: createRecordingTokens(jwtSecret, RECORDING_LINK_TTL_SECONDS),
    log,
  });

  // Campaigns queue through messaging; the dispatchers ask its gate before each campaign message.
  const campaigns = createCampaignsService({ db, contacts, messaging, networks, workspaces, users, events, log, bus });
  const runner = createRunner(deps, { networks, messaging, channels, campaigns });
  const developerApi = createDeveloperApi(deps, jwtSecret, { users, messaging, networks, contacts, campaigns });
  const webhooks = createWebhooks(deps, events, { secretBox, messaging, users, contacts, mailer, networks });
  const { seller, taxRatePercent } = config.billing;
  const invoices = createInvoices(db, { seller, taxRatePercent, workspaces, users });
  const paymentProviders = paymentProvidersOf(deps);
  const billing = createBilling(deps, { workspaces, users, auth, mailer, invoices, providers: paymentProviders });
  const team = createTeamService({ db, users, workspaces, auth, events, mailer, publicUrl: config.publicUrl, log });
  const jobs = [campaigns.ticker, contacts.imports.sweeper, ...developerApi.jobs, webhooks.dispatcher];
  const { networkRunner, rateLimitStore } = withSharedWork(deps, runner, [...jobs, billing.periodJob], auth);

  return {
    services: {
      users,
      contacts,
      auth,
      workspaces,
      members: createMembersService(users, team.access),
      team,
      preferences: createPreferencesService(users),
      networks,
      connectionTests,
      messaging,
      voice,
      conversations: createConversationsService({ messaging, voice, campaigns, events }),
      compliance,
      autoReply,
      campaigns,
      developerApi,
      smsgateApi: createSmsgateApiService({ db, jwtSecret, developerApi, messaging, networks, deviceStreams, bus }),
      webhooks,
      invoices,
      billing,
      analytics: createAnalyticsService({ db, workspaces, networks }),
      account: createAccount(deps, { users, auth, workspaces, networks, storage, mailer, events, secretBox }),
    },
    channels,
    networkRunner,
    deviceStreams,
    secretBox,
    paymentProviders,
    rateLimitStore,
    async close() {
      await contacts.imports.close();
      await networkRunner.close();
      await channels.close();
    },
  };
}

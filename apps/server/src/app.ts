import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config.js';
import { resolveGeneratedSecret } from './config/generated-secret.js';
import { openDatabase, type Database } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { createMailer } from './lib/mailer.js';
import { createAccessTokens } from './modules/auth/access-token.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { createMembersService, type MembersService } from './modules/members/members.service.js';
import { preferencesRoutes } from './modules/preferences/preferences.routes.js';
import { createPreferencesService, type PreferencesService } from './modules/preferences/preferences.service.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { createWorkspacesService, type WorkspacesService } from './modules/workspaces/workspaces.service.js';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';
import { createNetworkRunner, type NetworkRunner } from './channels/network-runner.js';
import { createChannelRegistry, type ChannelRegistry } from './channels/registry.js';
import { androidChannelPlugin } from './channels/android/android-channel.js';
import { createDeviceStreams } from './channels/android/device-streams.js';
import { twilioHooksRoutes } from './channels/http/twilio-hooks.routes.js';
import { twilioVoiceRoutes } from './channels/http/twilio-voice.routes.js';
import { createLocalFileStorage } from './lib/file-storage.js';
import { createRecordingTokens } from './modules/voice/recording-token.js';
import { voiceRoutes } from './modules/voice/voice.routes.js';
import { createVoiceService, type VoiceService } from './modules/voice/voice.service.js';
import { createSecretBox } from './lib/secret-box.js';
import { messagesRoutes } from './modules/messaging/messages.routes.js';
import { autoReplyRoutes } from './modules/auto-reply/auto-reply.routes.js';
import { createAutoReplyService, type AutoReplyService } from './modules/auto-reply/auto-reply.service.js';
import { complianceRoutes } from './modules/compliance/compliance.routes.js';
import { createComplianceService, type ComplianceService } from './modules/compliance/compliance.service.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import {
  createConversationsService,
  type ConversationsService,
} from './modules/conversations/conversations.service.js';
import { createMessagingService, type MessagingService } from './modules/messaging/messaging.service.js';
import { networksRoutes } from './modules/networks/networks.routes.js';
import { createNetworksService, type NetworksService } from './modules/networks/networks.service.js';
import { createEventPublisher } from './realtime/publisher.js';
import { attachSocketServer, type SocketServer } from './realtime/socket-server.js';
import { seedDemoAutoReplies } from './seed/demo-auto-replies.js';
import { findDemoSandbox, seedDemoConversations } from './seed/demo-conversations.js';
import { seedDemo } from './seed/demo-seed.js';

export interface Services {
  auth: AuthService;
  workspaces: WorkspacesService;
  members: MembersService;
  preferences: PreferencesService;
  networks: NetworksService;
  messaging: MessagingService;
  voice: VoiceService;
  conversations: ConversationsService;
  compliance: ComplianceService;
  autoReply: AutoReplyService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: Database;
    io: SocketServer;
    channels: ChannelRegistry;
    networkRunner: NetworkRunner;
    /** True once the demo seed filled a new database during this start. */
    seededDemo: boolean;
  }
}

export interface BuildAppOptions {
  /** An open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

const BODY_LIMIT = 1024 * 1024;
/** How long a recording link (for <audio> and downloads) stays valid. */
const RECORDING_LINK_TTL_SECONDS = 600;

/** Builds the whole server without listening; `server.ts` listens, tests use `inject()`. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onConnectionError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
          }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.decorate('database', database);
  const jwtSecret = await resolveGeneratedSecret(config.jwtSecret, config.dataDir, 'jwt-secret');
  const secretBox = createSecretBox(await resolveGeneratedSecret(config.secretsKey, config.dataDir, 'secrets-key'));
  // The socket server and the channels are attached further down; services reach them late.
  const events = createEventPublisher(() => (app.hasDecorator('io') ? app.io : undefined));
  const androidStreams = createDeviceStreams();
  const networks = createNetworksService({
    db: database.db,
    secretBox,
    events,
    publicUrl: config.publicUrl,
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    deviceStreaming: androidStreams.isStreaming,
    adapterFor: (kind) => app.channels.adapterFor(kind),
  });
  const messaging = createMessagingService({ db: database.db, networks, events, log: app.log });
  const compliance = createComplianceService({ db: database.db, messaging, events });
  const autoReply = createAutoReplyService({ db: database.db, messaging, networks, events, log: app.log });
  // Opt-out keywords come first in the inbound transaction: no rule answers them.
  messaging.addInboundStep(compliance.inboundStep);
  messaging.addInboundStep(autoReply.inboundStep, autoReply.prepareBatch);
  const channels = createChannelRegistry(messaging.host, {
    sandboxDeliveryMs: config.sandboxDeliveryMs,
    publicUrl: config.publicUrl,
    android: { db: database.db, streams: androidStreams },
  });
  const workspaces = createWorkspacesService(database.db, { onCreated: networks.createSandbox });
  app.decorate('seededDemo', config.demoSeed ? await seedDemo(database.db, workspaces) : false);

  const auth = createAuthService({
    db: database.db,
    accessTokens: createAccessTokens(jwtSecret, config.accessTokenTtl),
    refreshTokenTtlSeconds: config.refreshTokenTtl,
    publicUrl: config.publicUrl,
    mailer: createMailer(config.smtpUrl, config.mailFrom, app.log),
    workspaces,
    log: app.log,
  });
  app.decorate('services', {
    auth,
    workspaces,
    members: createMembersService(database.db),
    preferences: createPreferencesService(database.db),
    networks,
    messaging,
    voice: createVoiceService({
      db: database.db,
      networks,
      events,
      storage: createLocalFileStorage(config.filesDir),
      recordingTokens: createRecordingTokens(jwtSecret, RECORDING_LINK_TTL_SECONDS),
      log: app.log,
    }),
    conversations: createConversationsService({ db: database.db, messaging, events }),
    compliance,
    autoReply,
  });
  const demoSandbox = app.seededDemo ? await findDemoSandbox(database.db) : undefined;
  if (demoSandbox) {
    await seedDemoConversations(database.db, messaging, app.services.conversations);
    await seedDemoAutoReplies(autoReply, demoSandbox.workspaceId);
    // Demo recordings are a nicety: a files directory that cannot be written must not stop the start.
    await app.services.voice
      .seedDemo(demoSandbox)
      .catch((error: unknown) => app.log.warn({ err: error }, 'no demo voice messages'));
  }
  app.decorate('channels', channels);
  app.decorateRequest('auth', null);

  const https = config.publicUrl.startsWith('https:');
  await app.register(securityHeadersPlugin, { https });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Switchboard API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    refreshTokenTtl: config.refreshTokenTtl,
    secureCookies: https,
    rateLimitPerMinute: config.authRateLimit,
  });
  await app.register(workspacesRoutes, { prefix: '/api' });
  await app.register(membersRoutes, { prefix: '/api' });
  await app.register(preferencesRoutes, { prefix: '/api' });
  await app.register(networksRoutes, { prefix: '/api' });
  await app.register(messagesRoutes, { prefix: '/api' });
  await app.register(conversationsRoutes, { prefix: '/api' });
  await app.register(complianceRoutes, { prefix: '/api' });
  await app.register(autoReplyRoutes, { prefix: '/api' });
  await app.register(androidChannelPlugin, { streams: androidStreams, secretBox, publicUrl: config.publicUrl });
  await app.register(twilioHooksRoutes, { publicUrl: config.publicUrl });
  await app.register(voiceRoutes, { prefix: '/api' });
  await app.register(twilioVoiceRoutes, { publicUrl: config.publicUrl });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(webAppPlugin, { distDir: config.webDistDir });

  app.decorate('io', attachSocketServer(app, auth));

  const networkRunner = createNetworkRunner({
    networks,
    messaging,
    adapterFor: channels.adapterFor,
    soleInstance: database.dialect === 'pglite',
    messageLeaseSeconds: config.messageLeaseSeconds,
    log: app.log,
  });
  app.decorate('networkRunner', networkRunner);
  // Channels stop before the database closes (preClose runs before every onClose hook).
  app.addHook('preClose', async () => {
    await networkRunner.close();
    await channels.close();
  });

  const prune = setInterval(() => void auth.pruneLoginFailures().catch(() => {}), 10 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  await app.ready();
  await networkRunner.start();
  return app;
}

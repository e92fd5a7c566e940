import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NetworkRunner } from './channels/network-runner.js';
import type { ChannelRegistry } from './channels/registry.js';
import { createServices, type Composition, type Services } from './composition.js';
import type { AppConfig } from './config/config.js';
import { resolveKeys } from './config/generated-secret.js';
import { openDatabase, type Database } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { responseSerializerCompiler } from './lib/fast-response.js';
import { cspFor } from './modules/billing/providers/index.js';
import { V1_SECURITY_SCHEMES } from './modules/developer-api/v1-docs.js';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { createEventPublisher } from './realtime/publisher.js';
import { admitSockets, createSocketServer, type SocketServer } from './realtime/socket-server.js';
import { registerRoutes } from './routes.js';
import { seedDemoData } from './seed/demo-data.js';

export type { Services } from './composition.js';

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
  /** Tests only: billing's clock. */
  billingClock?: () => Date;
}

const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole server without listening; `server.ts` listens, tests use `inject()`. The
 * services come from `createServices` (composition.ts), the routes from `registerRoutes`
 * (routes.ts), the demo data from `seedDemoData`; this function puts them on Fastify.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);

  const database = options.database ?? (await openConfiguredDatabase(config, app));
  if (!options.database) app.addHook('onClose', () => database.close());
  // socket.io is attached to the HTTP server now and admits sockets once auth exists (below).
  const io = createSocketServer(app.server, database.pool && { pool: database.pool, log: app.log });
  const bus = await database.openClusterBus(app.log);
  const composition = createServices({
    config,
    keys: await resolveKeys(config),
    db: database.db,
    soleInstance: database.dialect === 'pglite',
    log: app.log,
    events: createEventPublisher(io),
    bus,
    billingClock: options.billingClock,
  });
  const { services, channels, networkRunner } = composition;
  app.decorate('database', database);
  app.decorate('services', services);
  app.decorate('channels', channels);
  app.decorate('networkRunner', networkRunner);
  app.decorate('io', io);
  app.decorate('seededDemo', config.demoSeed ? await seedDemoData(services, database.db, app.log) : false);
  app.decorateRequest('auth', null);

  await registerPlugins(app, config, composition);
  await registerRoutes(app, { config, composition });
  admitSockets(app, io, services.auth);

  // Channels stop before the database closes (preClose runs before every onClose hook).
  app.addHook('preClose', async () => {
    await composition.close();
    await bus.close();
  });

  await app.ready();
  await networkRunner.start();
  return app;
}

function openConfiguredDatabase(config: AppConfig, app: FastifyInstance): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          onConnectionError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
}

/**
 * Security headers (with what the payment providers need), compression, cookies, the rate limiter
 * (its counters in `rateLimitStore` when instances share them, else in memory) and the OpenAPI document.
 */
async function registerPlugins(
  app: FastifyInstance,
  config: AppConfig,
  { rateLimitStore, paymentProviders }: Pick<Composition, 'rateLimitStore' | 'paymentProviders'>,
): Promise<void> {
  await app.register(securityHeadersPlugin, {
    https: config.publicUrl.startsWith('https:'),
    payments: cspFor(paymentProviders),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Switchboard API', version: '0.1.0' },
      // The developer API's routes name it (its own document is served at /api/v1/openapi.json).
      components: { securitySchemes: V1_SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
}

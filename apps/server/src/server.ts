import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.js';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Readable logs on a terminal when pino-pretty (a development dependency) is installed; JSON lines otherwise. */
function prettyTransport() {
  if (!process.stdout.isTTY) return {};
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return {};
  }
  return { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } };
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= defaultWebDist;

  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      logger: {
        level: config.logLevel,
        ...prettyTransport(),
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests and stopping`);
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Switchboard is serving ${config.publicUrl} (database: ${database})`);
  if (config.demoSeed) {
    console.log(
      `Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(', ')}` +
        ' — set DEMO_SEED=0 in production.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

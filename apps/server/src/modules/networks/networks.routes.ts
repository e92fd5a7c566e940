import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { networkDiagnosticsRoutes } from './network-diagnostics.routes.js';
import { networkEditingRoutes } from './network-editing.routes.js';

/**
 * The workspace's networks (admin only, spec §6): editing them (network-editing.routes.ts) and
 * checking that they work (network-diagnostics.routes.ts: connection tests, logs, test message).
 */
export const networksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(networkEditingRoutes);
  await app.register(networkDiagnosticsRoutes);
};

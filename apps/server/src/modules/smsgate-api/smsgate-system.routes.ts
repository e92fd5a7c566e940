import { createRequire } from 'node:module';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { smsgateCallerOf, type SmsgateGuard } from './smsgate-guard.js';
import type { SmsgateScope } from './smsgate-permissions.js';
import { HealthSchema, InboxExportBodySchema } from './smsgate-schemas.js';

const tags = ['smsgate'];
const { version } = createRequire(import.meta.url)('@switchboard/server/package.json') as { version: string };
/** SMSGate's releaseId is a number: 0.1.0 → 100, 1.2.3 → 10203. */
const releaseId = version.split('.').reduce((id, part) => id * 100 + (Number.parseInt(part, 10) || 0), 0);

/**
 * `/health` (no authentication, like the reference), what the reference answers 501 for (the
 * phones' logs and inbox), and the inbox export (smsgate-inbox.ts).
 */
export const smsgateSystemRoutes: FastifyPluginAsyncZod<{ guard: SmsgateGuard }> = async (app, { guard }) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Health: pass while the database answers (503 fail otherwise)',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const ok =
        !closing &&
        (await app.database.ping().then(
          () => true,
          () => false,
        ));
      const check = {
        status: ok ? ('pass' as const) : ('fail' as const),
        observedValue: ok ? 0 : 1,
        observedUnit: 'failed pings',
        description: 'Database ping',
      };
      return reply
        .code(ok ? 200 : 503)
        .send({ status: check.status, version, releaseId, checks: { 'db:ping': check } });
    },
  );

  const notImplemented = (what: string, scope: SmsgateScope) => ({
    onRequest: [guard.authenticate, guard.requireScope(scope)],
    schema: { tags, summary: `${what}: not implemented (501), like the reference server` },
    handler: async () => {
      throw new AppError('NOT_IMPLEMENTED', `${what} is not implemented by this server.`);
    },
  });
  app.get('/logs', notImplemented('The phones’ logs', 'logs:read'));
  app.get('/inbox', notImplemented('The phones’ inbox', 'inbox:list'));

  // The JS client's path, the reference's and its deprecated one: the same request.
  const exports = [
    ['/inbox/export', 'inbox:refresh'],
    ['/inbox/refresh', 'inbox:refresh'],
    ['/messages/inbox/export', 'messages:export'],
  ] as const;
  for (const [path, scope] of exports) {
    app.post(
      path,
      {
        onRequest: [guard.authenticate, guard.requireScope(scope)],
        schema: {
          tags,
          summary: 'Ask a phone to send the SMS of its inbox in a time range again (202; 503 when it is offline)',
          body: InboxExportBodySchema,
        },
      },
      async (request, reply) => {
        await app.services.smsgateApi.inbox.requestExport(smsgateCallerOf(request).workspaceId, request.body);
        return reply.code(202).send({});
      },
    );
  }
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { refreshedJtiOf, smsgateCallerOf, type SmsgateGuard } from './smsgate-guard.js';
import type { SmsgateScope } from './smsgate-permissions.js';
import { TokenBodySchema, TokenResponseSchema } from './smsgate-schemas.js';
import { DEFAULT_TTL_SECONDS, MAX_TTL_SECONDS } from './smsgate-tokens.js';

const tags = ['smsgate'];

/** `/auth/token`: SMSGate's JWTs, made from a key's Basic credentials (or a token with tokens:manage). */
export const smsgateAuthRoutes: FastifyPluginAsyncZod<{ guard: SmsgateGuard }> = async (app, { guard }) => {
  const { tokens } = app.services.smsgateApi;

  async function issue(keyId: string, workspaceId: string, scopes: SmsgateScope[], ttl: number) {
    const pair = await tokens.issue({ keyId, workspaceId, scopes }, Math.min(ttl, MAX_TTL_SECONDS));
    return {
      id: pair.jti,
      token_type: 'Bearer' as const,
      access_token: pair.accessToken,
      refresh_token: pair.refreshToken,
      expires_at: pair.expiresAt.toISOString(),
    };
  }

  app.post(
    '/auth/token',
    {
      onRequest: [guard.authenticate, guard.requireScope('tokens:manage')],
      schema: {
        tags,
        summary: 'A token with some of the caller’s scopes (ttl in seconds, at most a day)',
        body: TokenBodySchema,
        response: { 201: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = smsgateCallerOf(request);
      const missing = request.body.scopes.find((scope) => !caller.scopes.has(scope));
      if (missing) throw new AppError('INSUFFICIENT_SCOPE', `scope required: ${missing}`);
      const scopes = [...new Set(request.body.scopes)];
      const body = await issue(caller.keyId, caller.workspaceId, scopes, request.body.ttl ?? DEFAULT_TTL_SECONDS);
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/auth/token/refresh',
    {
      onRequest: guard.authenticateRefresh,
      schema: {
        tags,
        summary: 'A new pair for a refresh token (sent as the Bearer); the old pair stops working',
        response: { 201: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = smsgateCallerOf(request);
      await tokens.revoke(refreshedJtiOf(request)!, caller.workspaceId);
      const body = await issue(caller.keyId, caller.workspaceId, [...caller.scopes], DEFAULT_TTL_SECONDS);
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.delete(
    '/auth/token/:jti',
    {
      onRequest: [guard.authenticate, guard.requireScope('tokens:manage')],
      schema: {
        tags,
        summary: 'Revoke a token and its refresh token by their id',
        params: z.object({ jti: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      await tokens.revoke(request.params.jti, smsgateCallerOf(request).workspaceId);
      return reply.code(204).send();
    },
  );
};

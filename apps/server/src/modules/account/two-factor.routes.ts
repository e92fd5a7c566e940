import {
  OkResponseSchema,
  RecoveryCodesSchema,
  TwoFactorConfirmBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetupBodySchema,
  TwoFactorSetupSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { ACCOUNT_TAGS as tags, credentialRateLimit, type AccountRoutesOptions } from './account-options.js';

const ok = { ok: true as const };

/** Two-factor authentication of the signed-in user: setup, enable, disable, new recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const account = app.services.account;
  const signedIn = requireRole('editor');
  const limited = credentialRateLimit(options);
  const response = { 200: OkResponseSchema };

  app.post(
    '/account/two-factor/setup',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Start turning two-factor on: a new secret (not on until confirmed with a code)',
        description: 'Needs the password. Already on: 409 `TWO_FACTOR_STATE_CONFLICT`.',
        body: TwoFactorSetupBodySchema,
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (request) => {
      const { userId, email } = authOf(request);
      return account.twoFactor.setup(userId, email, request.body.password);
    },
  );

  app.post(
    '/account/two-factor/enable',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the app; answers the recovery codes (shown once)',
        description: 'A wrong code: 401 `TWO_FACTOR_INVALID`; no setup or already on: 409 `TWO_FACTOR_STATE_CONFLICT`.',
        body: TwoFactorEnableBodySchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => account.twoFactor.enable(authOf(request).userId, request.body.code),
  );

  app.post(
    '/account/two-factor/disable',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Turn two-factor off (password and a current code)',
        body: TwoFactorConfirmBodySchema,
        response,
      },
    },
    async (request) => {
      const { password, code } = request.body;
      return (await account.twoFactor.disable(authOf(request).userId, password, code), ok);
    },
  );

  app.post(
    '/account/two-factor/recovery-codes',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'New recovery codes (password and a current code); the old ones stop working',
        body: TwoFactorConfirmBodySchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      return account.twoFactor.newRecoveryCodes(authOf(request).userId, password, code);
    },
  );
};

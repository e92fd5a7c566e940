import {
  AuthMessages,
  AuthProvidersResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  OkResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  TwoFactorLoginBodySchema,
  TwoFactorLoginResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, bearerToken, requireRole } from '../../plugins/auth-guard.js';
import {
  AUTH_TAGS,
  credentialRateLimit,
  refreshRateLimit,
  setSessionCookie,
  type AuthRoutesOptions,
} from './auth-route-options.js';
import { clearRefreshCookie, readRefreshCookie } from './refresh-cookie.js';

/** Sessions: sign in, refresh, sign out, the signed-in user, and the sign-in methods offered. */
export const sessionsRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const auth = app.services.auth;
  const tags = AUTH_TAGS;

  app.post(
    '/login',
    {
      config: credentialRateLimit(options),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'Answers the session (and sets the refresh cookie); with two-factor on, `{ twoFactorRequired: true, ' +
          'challenge }` instead, and no cookie: finish with `POST /api/auth/login/two-factor`.',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip, request.headers['user-agent']);
      if (!session) return { error: AuthMessages.invalidCredentials, code: 'INVALID_CREDENTIALS' as const };
      if ('twoFactorRequired' in session) return session;
      setSessionCookie(reply, session, options);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );

  app.post(
    '/login/two-factor',
    {
      config: credentialRateLimit(options),
      schema: {
        tags,
        summary: 'Second step of a sign-in with two-factor on: the challenge and a code or a recovery code',
        description:
          'The challenge is what `POST /api/auth/login` answered (valid 5 minutes). A TOTP code is accepted ' +
          'once (a code of the same or an earlier 30-second step is refused), a recovery code once ever; ' +
          'a wrong, reused or expired one answers 401 `TWO_FACTOR_INVALID` and counts as a failed sign-in ' +
          'of the account. Answers like a sign-in: the session and the refresh cookie.',
        body: TwoFactorLoginBodySchema,
        response: { 200: TwoFactorLoginResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.loginTwoFactor(request.body, request.ip, request.headers['user-agent']);
      setSessionCookie(reply, session, options);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );

  app.post(
    '/refresh-token',
    {
      config: refreshRateLimit(options),
      schema: {
        tags,
        summary: 'Rotate the refresh cookie and get a new access token',
        body: RefreshBodySchema,
        response: { 200: RefreshResponseSchema },
      },
    },
    async (request, reply) => {
      const cookie = readRefreshCookie(request);
      try {
        const session = await auth.refresh(cookie, request.ip);
        setSessionCookie(reply, session, options);
        return { accessToken: session.accessToken };
      } catch (error) {
        // Only a cookie that was sent is cleared: a signed-out tab's refresh answered after another
        // tab signed in would otherwise wipe that new session's cookie.
        if (cookie) clearRefreshCookie(reply, options.secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revoke this session and clear the cookie',
        response: { 200: OkResponseSchema },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const caller = token ? await auth.authenticate(token) : null;
      await auth.logout(readRefreshCookie(request), caller?.sessionId);
      clearRefreshCookie(reply, options.secureCookies);
      return { ok: true as const };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireRole('editor'),
      schema: { tags, summary: 'The signed-in user', response: { 200: MeResponseSchema } },
    },
    async (request) => ({ userData: await auth.me(authOf(request).userId) }),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'Sign-in methods besides e-mail and password (the login page shows their buttons)',
        response: { 200: AuthProvidersResponseSchema },
      },
    },
    // None is configurable yet: the hosted identity provider and social sign-in come later.
    async () => ({ providers: [] }),
  );
};

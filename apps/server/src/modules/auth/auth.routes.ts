import {
  AuthMessages,
  AuthProvidersResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  OkResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SessionResponseSchema,
  UnlockBodySchema,
} from '@switchboard/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, bearerToken, requireRole } from '../../plugins/auth-guard.js';
import type { IssuedSession } from './auth.service.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';

/** The refresh endpoint allows this many times the credential endpoints' per-IP rate. */
export const REFRESH_LIMIT_FACTOR = 10;

export interface AuthRoutesOptions {
  refreshTokenTtl: number;
  secureCookies: boolean;
  /** Requests per minute per IP on the credential endpoints. */
  rateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const auth = app.services.auth;
  const limited = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };
  // Every page load refreshes once; refresh tokens are 256-bit random, so guessing is no concern.
  const refreshLimited = {
    rateLimit: { max: options.rateLimitPerMinute * REFRESH_LIMIT_FACTOR, timeWindow: '1 minute' },
  };
  const tags = ['auth'];

  const issue = (reply: FastifyReply, session: Omit<IssuedSession, 'userData'>) =>
    setRefreshCookie(reply, session.refreshToken, {
      rememberMe: session.rememberMe,
      ttlSeconds: options.refreshTokenTtl,
      secure: options.secureCookies,
    });

  app.post(
    '/register',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create a workspace and its first (admin) user',
        body: RegisterBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.register(request.body, request.headers['user-agent']);
      issue(reply, session);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );

  app.post(
    '/login',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip, request.headers['user-agent']);
      if (!session) return { error: AuthMessages.invalidCredentials, code: 'INVALID_CREDENTIALS' as const };
      issue(reply, session);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );

  app.post(
    '/refresh-token',
    {
      config: refreshLimited,
      schema: {
        tags,
        summary: 'Rotate the refresh cookie and get a new access token',
        body: RefreshBodySchema,
        response: { 200: RefreshResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const session = await auth.refresh(readRefreshCookie(request));
        issue(reply, session);
        return { accessToken: session.accessToken };
      } catch (error) {
        clearRefreshCookie(reply, options.secureCookies);
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

  app.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a one-hour reset link (always answers 200)',
        body: ForgotPasswordBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password from a reset link; signs out every session',
        body: ResetPasswordBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/unlock',
    {
      config: limited,
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'Lock screen: check the current user’s password',
        body: UnlockBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.unlock(authOf(request).userId, request.body.password);
      return { ok: true as const };
    },
  );
};

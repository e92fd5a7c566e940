import type { FastifyInstance } from 'fastify';
import { androidChannelPlugin } from './channels/android/android-channel.js';
import { twilioHooksRoutes } from './channels/http/twilio-hooks.routes.js';
import { twilioVoiceRoutes } from './channels/http/twilio-voice.routes.js';
import type { AppConfig } from './config/config.js';
import type { Composition } from './composition.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { autoReplyRoutes } from './modules/auto-reply/auto-reply.routes.js';
import { invoicesRoutes } from './modules/billing/invoices/invoices.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { billingWebhooksRoutes } from './modules/billing/billing-webhooks.routes.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { complianceRoutes } from './modules/compliance/compliance.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import { apiDocsRoutes } from './modules/developer-api/api-docs.routes.js';
import { apiKeysRoutes } from './modules/developer-api/api-keys.routes.js';
import { publicApiRoutes } from './modules/developer-api/public-api.routes.js';
import { smsgateApiRoutes } from './modules/smsgate-api/smsgate-api.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { messagesRoutes } from './modules/messaging/messages.routes.js';
import { networksRoutes } from './modules/networks/networks.routes.js';
import { preferencesRoutes } from './modules/preferences/preferences.routes.js';
import { voiceRoutes } from './modules/voice/voice.routes.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { webAppPlugin } from './plugins/web-app.js';

export interface RouteOptions {
  config: Pick<AppConfig, 'publicUrl' | 'refreshTokenTtl' | 'authRateLimit' | 'apiRateLimit' | 'webDistDir'>;
  composition: Pick<Composition, 'deviceStreams' | 'secretBox' | 'paymentProviders'>;
}

/**
 * Every route of the server: the REST API under /api, the channels' webhooks and mobile API,
 * the OpenAPI document and, for every other GET, the web app. Routes reach the services through
 * `app.services`, decorated before this runs.
 */
export async function registerRoutes(app: FastifyInstance, { config, composition }: RouteOptions): Promise<void> {
  const { publicUrl } = config;
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    refreshTokenTtl: config.refreshTokenTtl,
    secureCookies: publicUrl.startsWith('https:'),
    rateLimitPerMinute: config.authRateLimit,
  });
  await app.register(workspacesRoutes, { prefix: '/api' });
  await app.register(billingRoutes, {
    prefix: '/api',
    refreshTokenTtl: config.refreshTokenTtl,
    secureCookies: publicUrl.startsWith('https:'),
    rateLimitPerMinute: config.authRateLimit,
  });
  await app.register(billingWebhooksRoutes, { prefix: '/api', providers: composition.paymentProviders });
  await app.register(membersRoutes, { prefix: '/api' });
  await app.register(teamRoutes, {
    prefix: '/api',
    refreshTokenTtl: config.refreshTokenTtl,
    secureCookies: publicUrl.startsWith('https:'),
    rateLimitPerMinute: config.authRateLimit,
  });
  await app.register(preferencesRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api', rateLimitPerMinute: config.authRateLimit });
  await app.register(networksRoutes, { prefix: '/api' });
  await app.register(messagesRoutes, { prefix: '/api' });
  await app.register(conversationsRoutes, { prefix: '/api' });
  await app.register(contactsRoutes, { prefix: '/api' });
  await app.register(complianceRoutes, { prefix: '/api' });
  await app.register(autoReplyRoutes, { prefix: '/api' });
  await app.register(campaignsRoutes, { prefix: '/api' });
  await app.register(androidChannelPlugin, {
    streams: composition.deviceStreams,
    secretBox: composition.secretBox,
    publicUrl,
  });
  await app.register(twilioHooksRoutes, { publicUrl });
  await app.register(voiceRoutes, { prefix: '/api' });
  await app.register(twilioVoiceRoutes, { publicUrl });
  await app.register(apiKeysRoutes, { prefix: '/api' });
  await app.register(webhooksRoutes, { prefix: '/api' });
  await app.register(invoicesRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(publicApiRoutes, { prefix: '/api/v1', rateLimitPerMinute: config.apiRateLimit, publicUrl });
  const smsgatePrefix = '/api/3rdparty/v1';
  await app.register(smsgateApiRoutes, { prefix: smsgatePrefix, rateLimitPerMinute: config.apiRateLimit });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(apiDocsRoutes);
  await app.register(webAppPlugin, { distDir: config.webDistDir });
}

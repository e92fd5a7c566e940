import {
  AutoReplyRuleListSchema,
  AutoReplyRuleParamsSchema,
  AutoReplyRuleSchema,
  AutoReplySettingsSchema,
  CreateAutoReplyRuleBodySchema,
  ReorderAutoReplyRulesBodySchema,
  TryAutoReplyBodySchema,
  TryAutoReplyResultSchema,
  UpdateAutoReplyRuleBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** Auto-reply rules, their order, the hourly guard and "Try a message" (admin only). */
export const autoReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const autoReply = app.services.autoReply;
  const admin = requireRole('admin');
  const tags = ['auto-reply'];
  const params = AutoReplyRuleParamsSchema;
  const workspaceOf = (request: Parameters<typeof authOf>[0]) => authOf(request).workspaceId;

  app.get(
    '/auto-reply/rules',
    {
      onRequest: admin,
      schema: { tags, summary: 'Rules in priority order', response: { 200: AutoReplyRuleListSchema } },
    },
    async (request) => ({ rules: await autoReply.list(workspaceOf(request)) }),
  );

  app.post(
    '/auto-reply/rules',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create a rule (it goes last)',
        body: CreateAutoReplyRuleBodySchema,
        response: { 201: AutoReplyRuleSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await autoReply.create(workspaceOf(request), request.body)),
  );

  app.get(
    '/auto-reply/rules/:id',
    { onRequest: admin, schema: { tags, params, response: { 200: AutoReplyRuleSchema } } },
    async (request) => autoReply.get(workspaceOf(request), request.params.id),
  );

  app.patch(
    '/auto-reply/rules/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change a rule (any subset of its fields)',
        params,
        body: UpdateAutoReplyRuleBodySchema,
        response: { 200: AutoReplyRuleSchema },
      },
    },
    async (request) => autoReply.update(workspaceOf(request), request.params.id, request.body),
  );

  app.delete(
    '/auto-reply/rules/:id',
    { onRequest: admin, schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await autoReply.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/auto-reply/order',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Put the rules in a new order (every rule, first to last)',
        body: ReorderAutoReplyRulesBodySchema,
        response: { 200: AutoReplyRuleListSchema },
      },
    },
    async (request) => ({ rules: await autoReply.reorder(workspaceOf(request), request.body) }),
  );

  app.get(
    '/auto-reply/settings',
    { onRequest: admin, schema: { tags, response: { 200: AutoReplySettingsSchema } } },
    async (request) => autoReply.settings(workspaceOf(request)),
  );

  app.patch(
    '/auto-reply/settings',
    {
      onRequest: admin,
      schema: { tags, body: AutoReplySettingsSchema, response: { 200: AutoReplySettingsSchema } },
    },
    async (request) => autoReply.updateSettings(workspaceOf(request), request.body),
  );

  app.post(
    '/auto-reply/try',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Which rule would answer this message, and why or why not (nothing is sent)',
        body: TryAutoReplyBodySchema,
        response: { 200: TryAutoReplyResultSchema },
      },
    },
    async (request) => autoReply.tryMessage(workspaceOf(request), request.body),
  );
};

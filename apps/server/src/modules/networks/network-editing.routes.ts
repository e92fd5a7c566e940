import {
  CreateNetworkBodySchema,
  NetworkParamsSchema,
  NetworkResponseSchema,
  NetworksResponseSchema,
  UpdateNetworkBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The workspace's networks themselves (admin only): list, add, read, edit, delete, Android pairing. */
export const networkEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { networks } = app.services;
  const tags = ['networks'];
  const admin = requireRole('admin');
  const params = NetworkParamsSchema;

  app.get(
    '/networks',
    {
      onRequest: admin,
      schema: { tags, summary: 'The workspace’s networks', response: { 200: NetworksResponseSchema } },
    },
    async (request) => ({ networks: await networks.list(authOf(request).workspaceId) }),
  );

  app.post(
    '/networks',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add a network (Android answers the registration token once)',
        body: CreateNetworkBodySchema,
        response: { 201: NetworkResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await networks.create(authOf(request).workspaceId, request.body)),
  );

  app.get(
    '/networks/:id',
    { onRequest: admin, schema: { tags, params, response: { 200: NetworkResponseSchema } } },
    async (request) => ({ network: await networks.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.patch(
    '/networks/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Edit, enable or disable a network; a new secret replaces the stored one',
        params,
        body: UpdateNetworkBodySchema,
        response: { 200: NetworkResponseSchema },
      },
    },
    async (request) => ({
      network: await networks.update(authOf(request).workspaceId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/networks/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Delete a network with its conversations and messages',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await networks.remove(authOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/networks/:id/registration-token',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Android: issue a new registration token (the paired phone must register again)',
        params,
        response: { 200: NetworkResponseSchema },
      },
    },
    async (request) => networks.rotateRegistrationToken(authOf(request).workspaceId, request.params.id),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsgateCallerOf, type SmsgateGuard } from './smsgate-guard.js';
import { DeviceSchema } from './smsgate-schemas.js';

const tags = ['smsgate'];
const Settings = z.record(z.string(), z.unknown()).describe('Sections of snake_case (or camelCase) settings.');

/** `/devices` (the workspace's Android networks) and `/settings` (their SMSGate device settings). */
export const smsgateDevicesRoutes: FastifyPluginAsyncZod<{ guard: SmsgateGuard }> = async (app, { guard }) => {
  const { devices, settings } = app.services.smsgateApi;
  const workspaceOf = (request: Parameters<typeof smsgateCallerOf>[0]) => smsgateCallerOf(request).workspaceId;

  app.get(
    '/devices',
    {
      onRequest: [guard.authenticate, guard.requireScope('devices:list')],
      schema: {
        tags,
        summary: 'The workspace’s Android networks as devices',
        response: { 200: z.array(DeviceSchema) },
      },
    },
    async (request) => devices.list(workspaceOf(request)),
  );

  app.delete(
    '/devices/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('devices:delete')],
      schema: {
        tags,
        summary: 'Unpair the phone of an Android network (the network and its messages stay); 204 for any id',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      await devices.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/settings',
    {
      onRequest: [guard.authenticate, guard.requireScope('settings:read')],
      schema: { tags, summary: 'The device settings (no signing key, no passphrase)', response: { 200: Settings } },
    },
    async (request) => settings.get(workspaceOf(request)),
  );

  app.put(
    '/settings',
    {
      onRequest: [guard.authenticate, guard.requireScope('settings:write')],
      schema: {
        tags,
        summary: 'Replace the device settings; unknown keys are dropped',
        body: Settings,
        response: { 200: Settings },
      },
    },
    async (request) => settings.replace(workspaceOf(request), request.body),
  );

  app.patch(
    '/settings',
    {
      onRequest: [guard.authenticate, guard.requireScope('settings:write')],
      schema: {
        tags,
        summary: 'Change some device settings; unknown keys are dropped',
        body: Settings,
        response: { 200: Settings },
      },
    },
    async (request) => settings.merge(workspaceOf(request), request.body),
  );
};

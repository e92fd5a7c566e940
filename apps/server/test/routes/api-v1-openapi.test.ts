import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Operation {
  security?: unknown;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sms.example.com' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    doc = response.json<Document>();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document of /api/v1 alone, public, with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://sms.example.com' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/auth/token',
      '/api/v1/callback-secret',
      '/api/v1/campaigns',
      '/api/v1/campaigns/{id}',
      '/api/v1/campaigns/{id}/cancel',
      '/api/v1/campaigns/{id}/pause',
      '/api/v1/campaigns/{id}/recipients',
      '/api/v1/campaigns/{id}/resume',
      '/api/v1/campaigns/{id}/start',
      '/api/v1/contact-lists',
      '/api/v1/contacts',
      '/api/v1/contacts/{id}',
      '/api/v1/contacts/{id}/opt-in',
      '/api/v1/contacts/{id}/opt-out',
      '/api/v1/conversations',
      '/api/v1/conversations/{id}',
      '/api/v1/conversations/{id}/messages',
      '/api/v1/messages',
      '/api/v1/messages/batch',
      '/api/v1/messages/batch/{id}',
      '/api/v1/messages/{id}',
      '/api/v1/networks',
      '/api/v1/tags',
      '/api/v1/usage',
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
      '/api/v1/webhooks/{id}/rotate-secret',
      '/api/v1/webhooks/{id}/test',
    ]);
    expect(Object.keys(doc.paths['/api/v1/messages']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/messages/{id}']!).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(doc.paths['/api/v1/contacts/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    const addContact = doc.paths['/api/v1/contacts']!.post!;
    expect(addContact.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/messages']!.post!.security).toEqual([{ apiKey: [] }]);
  });

  it('describes requests and answers from the routes’ own zod schemas', () => {
    const send = doc.paths['/api/v1/messages']!.post!;
    const body = send.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties).sort()).toEqual([
      'body',
      'callbackUrl',
      'metadata',
      'networkId',
      'sendAt',
      'to',
    ]);
    expect(body.required?.sort()).toEqual(['body', 'to']);
    expect(send.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
    expect(Object.keys(send.responses).sort()).toEqual(['201', '400', '401', '402', '403', '404', '409', '422', '429']);
    const answer = JSON.stringify(send.responses['201']!.content!['application/json']!.schema);
    expect(answer).toContain('phoneNumber');
    expect(answer).not.toContain('workspaceId');
    expect(answer).not.toContain('conversationId');
    // 3.1: a nullable field is a union with "null", not 3.0's `nullable: true`.
    expect(answer).toContain('"null"');
    expect(answer).not.toContain('"nullable"');
    const list = doc.paths['/api/v1/messages']!.get!;
    expect(
      list.parameters
        ?.filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['batchId', 'cursor', 'direction', 'from', 'limit', 'networkId', 'state', 'to']);
    const contacts = doc.paths['/api/v1/contacts']!.get!;
    expect(
      contacts.parameters
        ?.filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['cursor', 'limit', 'listId', 'optedOut', 'search', 'tag']);
    const contact = JSON.stringify(contacts.responses['200']!.content!['application/json']!.schema);
    expect(contact).toContain('optedOutAt');
    expect(contact).not.toContain('workspaceId');
  });

  it('documents batches, sendAt and callbacks with a sample request and the signature check', () => {
    const batch = doc.paths['/api/v1/messages/batch']!.post!;
    expect(Object.keys(batch.responses).sort()).toEqual(
      ['202', '400', '401', '402', '403', '404', '409', '413', '422', '429'].sort(),
    );
    expect(batch.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
    const media = batch.requestBody!.content['application/json']! as unknown as {
      schema: { properties: Record<string, { description?: string }> };
      example?: { recipients: unknown[] };
    };
    const body = media.schema;
    expect(Object.keys(body.properties).sort()).toEqual([
      'body',
      'callbackUrl',
      'metadata',
      'networkId',
      'recipients',
      'sendAt',
    ]);
    // The sample request the reference turns into curl, JavaScript and Python.
    expect(media.example?.recipients).toHaveLength(2);
    expect(body.properties.sendAt!.description).toContain('SEND_AT_INVALID');
    expect(body.properties.callbackUrl!.description).toContain('callback-secret');
    expect(Object.keys(doc.paths['/api/v1/messages/batch/{id}']!).sort()).toEqual(['delete', 'get']);
    const progress = JSON.stringify(doc.paths['/api/v1/messages/batch/{id}']!.get!.responses['200']);
    expect(progress).toContain('progress');
    expect(progress).not.toContain('workspaceId');
    const info = (doc as unknown as { info: { description: string } }).info.description;
    expect(info).toContain('verifySwitchboardSignature');
    expect(info).toContain('GET /api/v1/callback-secret');
  });

  describe('conversations and campaigns', () => {
    type Schema = {
      description?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
      oneOf?: Schema[];
    };
    /** The fields of a schema (through arrays and nullable unions) that carry no description. */
    function undescribed(schema: Schema, path: string, found: string[] = []): string[] {
      for (const [name, field] of Object.entries(schema.properties ?? {})) {
        if (!field.description) found.push(`${path}.${name}`);
        undescribed(field, `${path}.${name}`, found);
      }
      if (schema.items) undescribed(schema.items, `${path}[]`, found);
      for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) undescribed(part, path, found);
      return found;
    }
    const operationsUnder = (prefix: string) =>
      Object.entries(doc.paths)
        .filter(([path]) => path.startsWith(prefix))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({
            name: `${method.toUpperCase()} ${path}`,
            method,
            path,
            operation: operation as Operation & { tags?: string[]; summary?: string; requestBody?: unknown },
          })),
        );

    it('tags, summarises and secures every route, with its scope and the v1 errors', () => {
      const operations = [...operationsUnder('/api/v1/conversations'), ...operationsUnder('/api/v1/campaigns')];
      expect(operations).toHaveLength(13);
      for (const { name, method, path, operation } of operations) {
        const tag = path.startsWith('/api/v1/campaigns') ? 'v1 campaigns' : 'v1 conversations';
        expect(operation.tags, name).toEqual([tag]);
        expect(operation.summary, name).toMatch(/scope (messages:read|campaigns:read|campaigns:write)\)$/);
        expect(operation.security, name).toEqual([{ apiKey: [] }]);
        for (const status of ['400', '401', '403', '429']) expect(operation.responses[status], name).toBeDefined();
        if (path.includes('{id}')) expect(operation.responses['404'], name).toBeDefined();
        if (method === 'patch' || method === 'delete') expect(operation.responses['409'], name).toBeDefined();
        for (const parameter of operation.parameters ?? []) {
          expect((parameter as { description?: string }).description, `${name} ${parameter.name}`).toBeTruthy();
        }
      }
    });

    it('takes an Idempotency-Key on every campaign POST and documents the refusals of a start', () => {
      const posts = operationsUnder('/api/v1/campaigns').filter(({ method }) => method === 'post');
      expect(posts.map(({ path }) => path).sort()).toEqual([
        '/api/v1/campaigns',
        '/api/v1/campaigns/{id}/cancel',
        '/api/v1/campaigns/{id}/pause',
        '/api/v1/campaigns/{id}/resume',
        '/api/v1/campaigns/{id}/start',
      ]);
      for (const { name, operation } of posts) {
        expect(
          operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
          name,
        ).toBe(true);
        expect(operation.responses['422'], name).toBeDefined();
      }
      const start = doc.paths['/api/v1/campaigns/{id}/start']!.post!;
      expect(Object.keys(start.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '402',
        '403',
        '404',
        '409',
        '422',
        '429',
      ]);
      const create = doc.paths['/api/v1/campaigns']!.post!;
      const media = create.requestBody!.content['application/json']! as unknown as { example?: { name: string } };
      expect(media.example?.name).toBe('Spring sale');
      expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties).sort()).toEqual([
        'audience',
        'body',
        'name',
        'networkIds',
        'quietHours',
        'ratePerSecond',
        'schedule',
      ]);
    });

    it('describes every field of the requests and answers, which carry no workspace ids', () => {
      for (const { name, operation } of [
        ...operationsUnder('/api/v1/conversations'),
        ...operationsUnder('/api/v1/campaigns'),
      ]) {
        const body = operation.requestBody?.content['application/json']?.schema as Schema | undefined;
        if (body) expect(undescribed(body, 'body'), name).toEqual([]);
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))!;
        if (success[0] === '204') continue; // a DELETE answers nothing
        const schema = success[1].content!['application/json']!.schema as Schema;
        expect(
          undescribed(schema, 'answer').filter((path) => !/^answer\.\w+$/.test(path)),
          name,
        ).toEqual([]);
        expect(JSON.stringify(schema), name).not.toMatch(/"workspace\w*":/i);
      }
    });
  });
});

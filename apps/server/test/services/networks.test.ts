import {
  CreateNetworkBodySchema,
  UpdateNetworkBodySchema,
  type CreateNetworkBody,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networks as networksTable } from '../../src/db/schema/index.js';
import { createSecretBox } from '../../src/lib/secret-box.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const smppBody = {
  kind: 'smpp',
  name: 'Aggregator',
  address: 'SWITCHBRD',
  throughput: 50,
  settings: { host: '127.0.0.1', port: 1, systemId: 'acme', password: 'pa55w0rd' },
} satisfies CreateNetworkBody;
const httpBody = {
  kind: 'http',
  name: 'Twilio',
  address: '+14155550100',
  settings: { accountSid: 'AC0123456789', authToken: 'super-secret-auth-token-1234' },
} satisfies CreateNetworkBody;

describe('networks: settings, secrets and editing', () => {
  let t: TestServices;
  let workspaceId: string;
  beforeAll(async () => {
    t = await createTestServices({ config: { publicUrl: 'https://sb.example.com' } });
    ({ workspaceId } = await t.workspace('Owner'));
  });
  afterAll(() => t.close());

  const networks = () => t.services.networks;
  /** A network as POST /api/networks creates it (the body read through the contract). */
  const create = (body: CreateNetworkBody) => networks().create(workspaceId, CreateNetworkBodySchema.parse(body));
  const update = (id: string, body: UpdateNetworkBody) =>
    networks().update(workspaceId, id, UpdateNetworkBodySchema.parse(body));
  const settingsOf = async (id: string) => (await networks().runtime(id))!.settings;
  const storedRow = async (id: string) => (await t.db.select().from(networksTable).where(eq(networksTable.id, id)))[0]!;

  it('gives every new workspace a connected sandbox network', async () => {
    const [sandbox, ...others] = await networks().list(workspaceId);
    expect(others).toEqual([]);
    expect(sandbox).toMatchObject({ kind: 'sandbox', status: 'connected', enabled: true, name: 'Sandbox' });
    expect(sandbox!.stats).toEqual({ inToday: 0, outToday: 0 });
  });

  it('stores SMPP and HTTP secrets sealed and never shows them whole', async () => {
    const smpp = await create(smppBody);
    const http = await create(httpBody);
    expect(smpp.network.settings).toMatchObject({
      host: '127.0.0.1',
      systemId: 'acme',
      password: '••••••••',
      windowSize: 10,
    });
    expect(http.network.settings).toMatchObject({
      accountSid: 'AC0123456789',
      authToken: '••••••••1234',
      apiBaseUrl: 'https://api.twilio.com',
      smsWebhookUrl: `https://sb.example.com/hooks/twilio/${http.network.id}/sms`,
    });
    const list = JSON.stringify(await networks().list(workspaceId));
    expect(list).not.toContain('pa55w0rd');
    expect(list).not.toContain('super-secret-auth-token-1234');
    const row = await storedRow(http.network.id);
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain('super-secret');
    expect(JSON.stringify(row.settings)).not.toContain('super-secret');
    // The channel side gets the secret back.
    expect((await settingsOf(http.network.id)).authToken).toBe('super-secret-auth-token-1234');
  });

  it('lists a network whose secrets were sealed under another key, and logs why they are missing', async () => {
    const { network } = await create({ ...httpBody, name: 'Sealed elsewhere' });
    const other = createSecretBox('another-secrets-key-that-is-at-least-32-chars');
    await t.db
      .update(networksTable)
      .set({ secrets: other.sealJson({ authToken: 'written-by-another-key' }) })
      .where(eq(networksTable.id, network.id));
    const listed = (await networks().list(workspaceId)).find((n) => n.id === network.id);
    expect(listed?.settings).toMatchObject({ accountSid: 'AC0123456789' });
    expect(await networks().get(workspaceId, network.id)).toMatchObject({ id: network.id });
    const logs = await networks().logs(workspaceId, network.id);
    expect(JSON.stringify(logs)).toContain('cannot be opened');
    // Entering the secret again seals it with this server's key.
    await update(network.id, { settings: { authToken: 'new-token-9876' } });
    expect((await settingsOf(network.id)).authToken).toBe('new-token-9876');
  });

  it('shows an Android registration token once, with the URL to type into the app', async () => {
    const { network, registration } = await create({ kind: 'android', name: 'Front desk phone' });
    expect(registration).toEqual({ serverUrl: 'https://sb.example.com/api/mobile/v1', token: expect.any(String) });
    expect(network.status).toBe('disconnected');
    expect(network.settings).toMatchObject({ httpsWarning: false, device: null });
    const again = await networks().get(workspaceId, network.id);
    expect(JSON.stringify(again)).not.toContain(registration!.token);
    expect((again.settings as { registrationToken: string }).registrationToken).toBe(
      `••••••••${registration!.token.slice(-4)}`,
    );
    const rotated = await networks().rotateRegistrationToken(workspaceId, network.id);
    expect(rotated.registration.token).not.toBe(registration!.token);
  });

  it('refuses a registration token for other kinds', async () => {
    const { network } = await create(smppBody);
    await expect(networks().rotateRegistrationToken(workspaceId, network.id)).rejects.toMatchObject({
      code: 'WRONG_NETWORK_KIND',
    });
  });

  it('edits a network, keeps a secret that is not sent again, and replaces one that is', async () => {
    const { network } = await create(httpBody);
    const renamed = await update(network.id, { name: 'Main line', throughput: 5, settings: { accountSid: 'AC999' } });
    expect(renamed).toMatchObject({ name: 'Main line', throughput: 5 });
    expect(await settingsOf(network.id)).toMatchObject({
      accountSid: 'AC999',
      authToken: 'super-secret-auth-token-1234',
    });
    await update(network.id, { settings: { authToken: 'rotated-token-abcd' } });
    expect((await settingsOf(network.id)).authToken).toBe('rotated-token-abcd');
    await expect(update(network.id, { settings: { apiBaseUrl: 'not a url' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'body.settings.apiBaseUrl' })],
    });
    expect((await settingsOf(network.id)).apiBaseUrl).toBe('https://api.twilio.com');
  });

  it('changes only the settings a patch names, and only those of the network’s kind', async () => {
    const http = await create({
      ...httpBody,
      settings: { ...httpBody.settings, apiBaseUrl: 'https://api.example-provider.com' },
    });
    await update(http.network.id, { settings: { authToken: 'new-token-5678' } });
    expect(await settingsOf(http.network.id)).toMatchObject({
      apiBaseUrl: 'https://api.example-provider.com',
      authToken: 'new-token-5678',
    });
    const smpp = await create({ ...smppBody, settings: { ...smppBody.settings, windowSize: 42, systemType: 'VMA' } });
    await update(smpp.network.id, { settings: { password: 'n3w' } });
    expect(await settingsOf(smpp.network.id)).toMatchObject({ windowSize: 42, systemType: 'VMA', password: 'n3w' });
    await expect(update(smpp.network.id, { settings: { authToken: 'leak' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(JSON.stringify((await storedRow(smpp.network.id)).settings)).not.toContain('leak');
    // A sandbox has no settings to change.
    const [sandbox] = await networks().list(workspaceId);
    await expect(update(sandbox!.id, { settings: { host: 'x' } })).rejects.toMatchObject({
      code: 'WRONG_NETWORK_KIND',
    });
  });

  it('shows a disabled network as disconnected, and announces it', async () => {
    const { network } = await create(smppBody);
    expect(await update(network.id, { enabled: false })).toMatchObject({ enabled: false, status: 'disconnected' });
    await t.events.waitFor(
      workspaceId,
      'network.updated',
      (e) => e.network.id === network.id && e.network.enabled === false,
    );
  });

  it('keeps networks to their workspace', async () => {
    const { network } = await create(httpBody);
    const stranger = await t.workspace('Stranger');
    const notFound = { code: 'NOT_FOUND' };
    await expect(networks().get(stranger.workspaceId, network.id)).rejects.toMatchObject(notFound);
    await expect(networks().update(stranger.workspaceId, network.id, { name: 'x' })).rejects.toMatchObject(notFound);
    await expect(networks().remove(stranger.workspaceId, network.id)).rejects.toMatchObject(notFound);
    await expect(networks().logs(stranger.workspaceId, network.id)).rejects.toMatchObject(notFound);
    expect((await networks().list(stranger.workspaceId)).map((n) => n.id)).not.toContain(network.id);
    expect(await networks().get(workspaceId, network.id)).toMatchObject({ name: 'Twilio' });
  });

  it('deletes a network with its conversations, and announces it', async () => {
    const { network } = await create({ kind: 'sandbox', name: 'Short-lived' });
    const { messageId } = await t.services.messaging.host.receiveInbound({
      networkId: network.id,
      from: '+12025550188',
      body: 'hello',
      providerMessageId: 'short-lived-1',
    });
    const { conversationId } = await t.services.messaging.get(workspaceId, messageId);
    await networks().remove(workspaceId, network.id);
    await expect(t.services.messaging.get(workspaceId, messageId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.services.conversations.get(workspaceId, conversationId!)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(t.events.of(workspaceId, 'network.deleted')).toContainEqual({ id: network.id });
    await expect(networks().get(workspaceId, network.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(networks().remove(workspaceId, network.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('tests a sandbox draft as always reachable', async () => {
    const result = await t.services.connectionTests.testDraft(
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Try' }),
    );
    expect(result).toEqual({ ok: true, error: null });
  });
});

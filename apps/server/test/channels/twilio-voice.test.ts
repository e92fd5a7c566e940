import type { Network, NetworkLogEntry, NetworkResponse, NetworksResponse } from '@switchboard/contract';
import { and, eq } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networks, voiceMessages } from '../../src/db/schema/index.js';
import { mp3File, wavFile } from '../helpers/audio-files.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { signedWebhook, startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio.js';
import { QUIET_MS, sleep, socketClients } from '../helpers/socket-clients.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://sb.example.com';
const GREETING = 'Thanks for calling Acme Plumbing. Leave your name and number after the beep.';

describe('Twilio voice webhooks: greeting, recording, transcript', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let filesDir: string;
  let admin: SignedIn;
  let network: Network;
  let sandboxId: string;
  let counter = 0;
  let sockets: Awaited<ReturnType<typeof socketClients>>;

  const hook = (path: string, networkId = network.id) => `/hooks/twilio/${networkId}/voice${path}`;
  const deliver = (path: string, params: Record<string, string>, authToken = fake.authToken) =>
    t.app.inject({ method: 'POST', url: path, ...signedWebhook(`${PUBLIC_URL}${path}`, authToken, params) });
  const nextRecording = (content: Buffer = mp3File(60)) => {
    counter += 1;
    const sid = `RE${String(counter).padStart(32, '0')}`;
    return { sid, url: fake.addRecording(sid, content) };
  };
  const recorded = (recording: { sid: string; url: string }, overrides: Record<string, string> = {}) => ({
    AccountSid: fake.accountSid,
    CallSid: `CA${String(counter).padStart(32, '0')}`,
    From: '+14155550177',
    To: '+15005550006',
    RecordingSid: recording.sid,
    RecordingUrl: recording.url,
    RecordingDuration: '7',
    Digits: 'hangup',
    ...overrides,
  });
  const rowsOf = (recordingSid: string) =>
    t.app.database.db
      .select()
      .from(voiceMessages)
      .where(and(eq(voiceMessages.networkId, network.id), eq(voiceMessages.providerRecordingId, recordingSid)));
  const logEntries = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/networks/${network.id}/logs`, headers: admin.authorization })
    ).json<{ entries: NetworkLogEntry[] }>().entries;
  const storedFiles = async () =>
    (await readdir(filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    filesDir = await mkdtemp(join(tmpdir(), 'sb-twilio-voice-'));
    t = await createTestApp({ PUBLIC_URL, FILES_DIR: filesDir });
    admin = await register(t.app, 'owner@twilio-voice.example', 'Owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: {
        kind: 'http',
        name: 'Office line',
        address: '+15005550006',
        settings: {
          accountSid: fake.accountSid,
          authToken: fake.authToken,
          apiBaseUrl: fake.url,
          voiceGreeting: GREETING,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    network = created.json<NetworkResponse>().network;
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks.find((n) => n.kind === 'sandbox')!.id;
    sockets = await socketClients(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('shows the voice webhook URL and the greeting on the network', () => {
    expect(network.settings).toMatchObject({
      voiceGreeting: GREETING,
      voiceWebhookUrl: `${PUBLIC_URL}/hooks/twilio/${network.id}/voice`,
    });
  });

  it('answers a call with TwiML that says the greeting and records to the callback URLs', async () => {
    const response = await deliver(hook(''), { CallSid: 'CA1', From: '+14155550177', To: '+15005550006' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toContain(`<Say>${GREETING}</Say>`);
    const record = /<Record ([^>]*)\/>/.exec(response.body)?.[1] ?? '';
    expect(record).toContain(`action="${PUBLIC_URL}/hooks/twilio/${network.id}/voice/recorded"`);
    expect(record).toContain('method="POST"');
    expect(record).toContain('maxLength="120"');
    expect(record).toContain('playBeep="true"');
    expect(record).toContain(`transcribeCallback="${PUBLIC_URL}/hooks/twilio/${network.id}/voice/transcription"`);
    expect(response.body.indexOf('<Say>')).toBeLessThan(response.body.indexOf('<Record'));
  });

  it('greets with the default text when the network has none, including settings stored before greetings existed', async () => {
    const [row] = await t.app.database.db.select().from(networks).where(eq(networks.id, network.id));
    const { voiceGreeting: _dropped, ...older } = row!.settings as Record<string, unknown>;
    await t.app.database.db.update(networks).set({ settings: older }).where(eq(networks.id, network.id));
    // A PATCH of another field drops the cached runtime, as an admin's edit would.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${network.id}`,
      headers: admin.authorization,
      payload: { name: 'Office line (old settings)' },
    });
    try {
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/networks/${network.id}`,
        headers: admin.authorization,
      });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json<NetworkResponse>().network.settings).toMatchObject({ voiceGreeting: '' });
      const response = await deliver(hook(''), { CallSid: 'CA2', From: '+14155550177' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<Say>Hello\. Please leave a message after the beep\.[^<]*<\/Say>/);
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/networks/${network.id}`,
        headers: admin.authorization,
        payload: { settings: { voiceGreeting: GREETING } },
      });
    }
  });

  it('stores a signed recording: fetched with the account’s credentials, one row, one event', async () => {
    const audio = mp3File(60);
    const recording = nextRecording(audio);
    try {
      const watcher = await sockets.connectAs(admin, 'voice-message.created');
      const response = await deliver(hook('/recorded'), recorded(recording));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('<Say>Thank you. Goodbye.</Say><Hangup/>');

      const fetches = fake.recordingRequests().filter((r) => r.path.endsWith(`/${recording.sid}.mp3`));
      expect(fetches).toHaveLength(1);
      expect(fetches[0]).toMatchObject({
        method: 'GET',
        auth: { username: fake.accountSid, password: fake.authToken },
      });

      const [row] = await rowsOf(recording.sid);
      expect(row).toMatchObject({
        workspaceId: admin.userData.workspaceId,
        contentType: 'audio/mpeg',
        durationSeconds: 7,
        sizeBytes: audio.length,
        transcript: null,
        listenedAt: null,
      });
      expect(await readFile(join(filesDir, ...row!.storageKey.split('/')))).toEqual(audio);

      await expect.poll(() => watcher.seen.length).toBe(1);
      expect(watcher.seen[0]!.voiceMessage).toMatchObject({
        id: row!.id,
        networkId: network.id,
        contact: { phoneNumber: '+14155550177' },
        durationSeconds: 7,
      });
    } finally {
      await sockets.closeAll();
    }
  });

  it('stores a retried callback once and does not download it again', async () => {
    const recording = nextRecording();
    const params = recorded(recording);
    expect((await deliver(hook('/recorded'), params)).statusCode).toBe(200);
    const retries = await Promise.all([deliver(hook('/recorded'), params), deliver(hook('/recorded'), params)]);
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200]);
    await deliver(hook('/recorded'), params);
    expect(await rowsOf(recording.sid)).toHaveLength(1);
    // Each retry found the stored recording before fetching anything.
    expect(fake.recordingRequests().filter((r) => r.path.includes(recording.sid))).toHaveLength(1);
    // Concurrent retries may each have fetched it, but only one file is kept: one file per row.
    expect(await storedFiles()).toBe((await t.app.database.db.select().from(voiceMessages)).length);
  });

  it('refuses a callback with a bad signature: 403, nothing fetched or stored, logged on the network', async () => {
    const recording = nextRecording();
    const response = await deliver(hook('/recorded'), recorded(recording), 'another-auth-token');
    expectErrorBody(response, 403, 'INVALID_SIGNATURE');
    expect(fake.recordingRequests().filter((r) => r.path.includes(recording.sid))).toEqual([]);
    expect(await rowsOf(recording.sid)).toEqual([]);
    const [latest] = await logEntries();
    expect(latest).toMatchObject({ kind: 'webhook-rejected', details: { path: hook('/recorded') } });
    // The incoming-call hook is signed too.
    expectErrorBody(await deliver(hook(''), { CallSid: 'CA3' }, 'another-auth-token'), 403, 'INVALID_SIGNATURE');
  });

  it('sets the transcript when it arrives, and tells the workspace', async () => {
    const recording = nextRecording();
    expect((await deliver(hook('/recorded'), recorded(recording))).statusCode).toBe(200);
    try {
      const watcher = await sockets.connectAs(admin, 'voice-message.updated');
      const response = await deliver(hook('/transcription'), {
        AccountSid: fake.accountSid,
        RecordingSid: recording.sid,
        TranscriptionSid: 'TR1',
        TranscriptionStatus: 'completed',
        TranscriptionText: 'Hi, this is Jo. The sink is leaking again, please call back.',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await rowsOf(recording.sid))[0]!.transcript).toBe(
        'Hi, this is Jo. The sink is leaking again, please call back.',
      );
      await expect.poll(() => watcher.seen.length).toBe(1);
      expect(watcher.seen[0]!.voiceMessage.transcript).toMatch(/sink is leaking/);

      // A failed transcription changes nothing.
      await deliver(hook('/transcription'), { RecordingSid: recording.sid, TranscriptionStatus: 'failed' });
      expect((await rowsOf(recording.sid))[0]!.transcript).toMatch(/sink is leaking/);
      await sleep(QUIET_MS);
      expect(watcher.seen).toHaveLength(1);
    } finally {
      await sockets.closeAll();
    }
  });

  describe('recordings that cannot be had (the caller is thanked, the admin finds it in the log)', () => {
    it('logs a provider error and stores nothing', async () => {
      const recording = nextRecording();
      const files = await storedFiles();
      fake.failNext(1, { status: 500 });
      const response = await deliver(hook('/recorded'), recorded(recording));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<Hangup/>');
      expect(await rowsOf(recording.sid)).toEqual([]);
      expect(await storedFiles()).toBe(files);
      const [latest] = await logEntries();
      expect(latest).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/answered 500/) as string,
        details: { recordingSid: recording.sid },
      });
    });

    it('does not send the credentials to a recording URL off the provider’s API host', async () => {
      const recording = nextRecording();
      const elsewhere = recording.url.replace('127.0.0.1', 'localhost');
      const before = fake.recordingRequests().length;
      const response = await deliver(hook('/recorded'), recorded(recording, { RecordingUrl: elsewhere }));
      expect(response.statusCode).toBe(200);
      expect(fake.recordingRequests()).toHaveLength(before);
      expect(await rowsOf(recording.sid)).toEqual([]);
      expect((await logEntries())[0]).toMatchObject({ kind: 'error', message: expect.stringMatching(/not fetched/) });
    });

    it('refuses a recording that is not MP3 audio, keeping no file', async () => {
      const files = await storedFiles();
      for (const content of [Buffer.from('<html>not audio</html>'.repeat(30)), wavFile(0.5)]) {
        const recording = nextRecording(content);
        expect((await deliver(hook('/recorded'), recorded(recording))).statusCode).toBe(200);
        expect(await rowsOf(recording.sid)).toEqual([]);
      }
      expect(await storedFiles()).toBe(files);
    });
  });

  describe('networks', () => {
    it('answers 404 for an unknown network, a malformed id and a network of another kind', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', sandboxId]) {
        expectErrorBody(await deliver(hook('', id), { CallSid: 'CA4' }), 404, 'NOT_FOUND');
        expectErrorBody(await deliver(hook('/recorded', id), recorded(nextRecording())), 404, 'NOT_FOUND');
      }
    });

    it('refuses calls and recordings with 403 NETWORK_DISABLED while the network is disabled', async () => {
      const toggle = (enabled: boolean) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/networks/${network.id}`,
          headers: admin.authorization,
          payload: { enabled },
        });
      expect((await toggle(false)).statusCode).toBe(200);
      try {
        const recording = nextRecording();
        expectErrorBody(await deliver(hook(''), { CallSid: 'CA5' }), 403, 'NETWORK_DISABLED');
        expectErrorBody(await deliver(hook('/recorded'), recorded(recording)), 403, 'NETWORK_DISABLED');
        expect(await rowsOf(recording.sid)).toEqual([]);
      } finally {
        expect((await toggle(true)).statusCode).toBe(200);
      }
    });

    it('answers 400 to a signed recording callback without the recording’s fields', async () => {
      const response = await deliver(hook('/recorded'), { From: '+14155550177', CallSid: 'CA6' });
      expectErrorBody(response, 400, 'VALIDATION_FAILED');
    });
  });
});

import type { NetworksResponse, RecordingUrlResponse, VoiceMessage, VoiceMessageResponse } from '@switchboard/contract';
import { SignJWT } from 'jose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody, wavFile } from '../helpers/audio-files.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

describe('voice recordings: signed links and Range requests', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let audio: Buffer;
  let message: VoiceMessage;
  let strangerMessage: VoiceMessage;

  const upload = async (who: SignedIn, content: Buffer) => {
    const networks = await t.app.inject({ method: 'GET', url: '/api/networks', headers: who.authorization });
    const networkId = networks.json<NetworksResponse>().networks[0]!.id;
    const body = await multipartBody({ networkId, caller: '+14155550123' }, { content, type: 'audio/wav' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/voice-messages',
      payload: body.payload,
      headers: { ...who.authorization, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<VoiceMessageResponse>().voiceMessage;
  };
  const linkFor = async (id: string, who: SignedIn = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/voice-messages/${id}/recording-url`,
      headers: who.authorization,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RecordingUrlResponse>();
  };
  const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  /** A token signed with the server's secret but not through the API (forgeries and expiry). */
  const craftedToken = (claims: { sub: string; ws: string }, options: { secret?: string; exp?: number } = {}) =>
    new SignJWT({ ws: claims.ws })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('switchboard')
      .setAudience('voice-recording')
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode(options.secret ?? JWT_SECRET));

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-voice-recording-'));
    t = await createTestApp({ FILES_DIR: filesDir, JWT_SECRET });
    admin = await register(t.app, 'owner@voice-recording.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@voice-recording.example', 'editor');
    editor = await login(t.app, 'editor@voice-recording.example');
    stranger = await register(t.app, 'owner@other-voice-recording.example', 'Stranger');
    audio = wavFile(2);
    message = await upload(admin, audio);
    strangerMessage = await upload(stranger, wavFile(0.5));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('gives a relative link valid for about ten minutes', async () => {
    const link = await linkFor(message.id);
    expect(link.url).toMatch(new RegExp(`^/api/voice-messages/${message.id}/recording\\?token=[\\w.-]+$`));
    const validFor = Date.parse(link.expiresAt) - Date.now();
    expect(validFor).toBeGreaterThan(9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000);
  });

  it('serves the whole file by the link, with its type and Accept-Ranges', async () => {
    const response = await fetchUrl((await linkFor(message.id)).url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(audio.length);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.rawPayload).toEqual(audio);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const { url } = await linkFor(message.id);
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-4999', 1000, 4999],
      [`bytes=${audio.length - 10}-`, audio.length - 10, audio.length - 1],
      ['bytes=-500', audio.length - 500, audio.length - 1],
      [`bytes=30000-${audio.length + 5000}`, 30000, audio.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetchUrl(url, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${audio.length}`);
      expect(Number(response.headers['content-length']), range).toBe(end - start + 1);
      expect(response.rawPayload.equals(audio.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 to a range outside the file, and the whole file to one it does not understand', async () => {
    const { url } = await linkFor(message.id);
    for (const range of [`bytes=${audio.length}-`, `bytes=${audio.length + 10}-${audio.length + 20}`, 'bytes=-0']) {
      const response = await fetchUrl(url, { range });
      expectErrorBody(response, 416);
      expect(response.headers['content-range']).toBe(`bytes */${audio.length}`);
    }
    for (const range of ['items=0-5', 'bytes=5-1', 'bytes=0-1,5-9', 'bytes=abc']) {
      const response = await fetchUrl(url, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length).toBe(audio.length);
    }
  });

  it('adds Content-Disposition: attachment with ?download=1', async () => {
    const response = await fetchUrl(`${(await linkFor(message.id)).url}&download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="voice-message_\+14155550123_\d{4}-\d{2}-\d{2}-\d{4}\.wav"$/,
    );
  });

  it('also serves an admin of the workspace by bearer token, but not an editor or another workspace', async () => {
    const url = `/api/voice-messages/${message.id}/recording`;
    const response = await fetchUrl(url, { ...admin.authorization, range: 'bytes=0-3' });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe('RIFF');
    expectErrorBody(await fetchUrl(url), 401, 'UNAUTHENTICATED');
    expectErrorBody(await fetchUrl(url, editor.authorization), 403, 'FORBIDDEN');
    expectErrorBody(await fetchUrl(url, stranger.authorization), 404, 'NOT_FOUND');
  });

  it('refuses a link for another recording, a forged or altered token, and an expired one', async () => {
    const own = await linkFor(message.id);
    const token = new URL(own.url, 'http://x').searchParams.get('token')!;
    // Another workspace's link used on this message's URL (and the reverse).
    const foreign = new URL((await linkFor(strangerMessage.id, stranger)).url, 'http://x').searchParams.get('token')!;
    expectErrorBody(await fetchUrl(`/api/voice-messages/${message.id}/recording?token=${foreign}`), 403, 'FORBIDDEN');
    expectErrorBody(await fetchUrl(`/api/voice-messages/${strangerMessage.id}/recording?token=${token}`), 403);

    // Signed with another secret, or claiming another workspace with this one's signature.
    const forged = await craftedToken(
      { sub: message.id, ws: admin.userData.workspaceId },
      { secret: 'another-secret-that-is-at-least-32-characters' },
    );
    expectErrorBody(await fetchUrl(`/api/voice-messages/${message.id}/recording?token=${forged}`), 401);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: strangerMessage.id, ws: stranger.userData.workspaceId, aud: 'voice-recording' }),
    ).toString('base64url');
    const altered = `${header}.${payload}.${signature}`;
    expectErrorBody(await fetchUrl(`/api/voice-messages/${strangerMessage.id}/recording?token=${altered}`), 401);

    // A correctly signed grant whose workspace does not own the message finds nothing.
    const wrongWorkspace = await craftedToken({ sub: message.id, ws: stranger.userData.workspaceId });
    expectErrorBody(await fetchUrl(`/api/voice-messages/${message.id}/recording?token=${wrongWorkspace}`), 404);

    const expired = await craftedToken(
      { sub: message.id, ws: admin.userData.workspaceId },
      { exp: Math.floor(Date.now() / 1000) - 5 },
    );
    expectErrorBody(await fetchUrl(`/api/voice-messages/${message.id}/recording?token=${expired}`), 401);
    expectErrorBody(await fetchUrl(`/api/voice-messages/${message.id}/recording?token=garbage`), 401);
  });

  it('does not accept an access token as a link token, nor a link token as an access token', async () => {
    const own = await linkFor(message.id);
    const token = new URL(own.url, 'http://x').searchParams.get('token')!;
    expectErrorBody(
      await fetchUrl(`/api/voice-messages/${message.id}/recording?token=${admin.accessToken}`),
      401,
      'UNAUTHENTICATED',
    );
    expectErrorBody(
      await fetchUrl(`/api/voice-messages/${message.id}`, { authorization: `Bearer ${token}` }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('stops serving a link once it expired', async () => {
    const { url, expiresAt } = await linkFor(message.id);
    expect((await fetchUrl(url)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(expiresAt) + 1000);
    try {
      expectErrorBody(await fetchUrl(url), 401, 'UNAUTHENTICATED');
    } finally {
      vi.useRealTimers();
    }
  });
});

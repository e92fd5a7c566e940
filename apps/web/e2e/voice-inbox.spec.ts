import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Network, VoiceMessage, VoiceMessageResponse } from '@switchboard/contract';
import { DEMO_ADMIN, DEMO_PASSWORD, signIn } from './support/auth';
import { blockingViolations, signUpFresh, themedPage } from './support/shell';

/** An access token for setting the stage through the API (not through the page). */
async function bearer(request: APIRequestContext, email = DEMO_ADMIN, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function sandboxOf(request: APIRequestContext, headers: Record<string, string>): Promise<Network> {
  const response = await request.get('/api/networks', { headers });
  const { networks } = (await response.json()) as { networks: Network[] };
  const sandbox = networks.find((network) => network.kind === 'sandbox' && network.name === 'Sandbox');
  expect(sandbox, 'the workspace has a sandbox network named "Sandbox"').toBeTruthy();
  return sandbox!;
}

/** A mono 16-bit PCM WAV file of a 440 Hz tone, built here so the test needs no fixture file. */
function toneWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    // A gentle swell, so the waveform has a shape rather than a flat band.
    const envelope = 0.25 + 0.75 * Math.sin((Math.PI * i) / samples);
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000 * envelope), 44 + i * 2);
  }
  return wav;
}

/** A fictional caller number (555-0100…0199) that other tests are unlikely to use at the same time. */
const callerNumber = () => `+12025550${100 + Math.floor(Math.random() * 100)}`;

/** Uploads a voice message as a PBX would (POST /api/voice-messages, multipart). */
async function uploadVoiceMessage(
  request: APIRequestContext,
  headers: Record<string, string>,
  fields: { networkId: string; caller: string; transcript: string; seconds: number },
): Promise<VoiceMessage> {
  const response = await request.post('/api/voice-messages', {
    headers,
    multipart: {
      networkId: fields.networkId,
      caller: fields.caller,
      transcript: fields.transcript,
      file: { name: 'voicemail.wav', mimeType: 'audio/wav', buffer: toneWav(fields.seconds) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as VoiceMessageResponse).voiceMessage;
}

/** Waits until the voice tab shows its list (or its empty state) after loading. */
async function openVoiceInbox(page: Page) {
  await expect(page.getByRole('search', { name: 'Filter voice messages' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /No voice messages yet|Select a voice message/ }).first(),
  ).toBeVisible();
}

test.describe('voice inbox', () => {
  test('a voice message uploaded through the API appears live, shows its waveform and plays', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const headers = await bearer(request);
    const sandbox = await sandboxOf(request, headers);
    const caller = callerNumber();
    const transcript = `Hi, this is a test voicemail, please call back (${Date.now()})`;

    await signIn(page, { to: '/views/conversations?tab=voice' });
    await openVoiceInbox(page);

    // Uploaded while the page is open: it arrives by socket event, no reload.
    const uploaded = await uploadVoiceMessage(request, headers, {
      networkId: sandbox.id,
      caller,
      transcript,
      seconds: 2.2,
    });
    expect(uploaded.listened).toBe(false);
    const row = page.getByTestId('voice-message-row').filter({ hasText: transcript });
    await expect(row).toBeVisible();
    await expect(row).toContainText(caller);
    await expect(row).toContainText('Sandbox');
    await expect(row).toContainText('0:02');
    await expect(row).toHaveAttribute('data-unlistened', '');

    // The search finds it by the caller's number (debounced, from the server).
    const others = page.getByTestId('voice-message-row').filter({ hasNotText: caller });
    await page.getByRole('textbox', { name: 'Search' }).fill(caller);
    await expect(others).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.click();
    await expect(page).toHaveURL(/voiceMessage=/);
    const detail = page.getByRole('region', { name: 'Voice message', exact: true });
    await expect(detail.getByRole('heading', { name: caller })).toBeVisible();
    await expect(detail).toContainText(transcript);
    await expect(detail.getByTestId('listened-state')).toHaveText('Not listened to');

    const waveform = detail.getByRole('slider', { name: 'Playback position' });
    await expect(waveform).toHaveAttribute('data-ready', '');
    await expect(waveform).toHaveAttribute('aria-valuemax', '2');
    // wavesurfer.js draws into a canvas in its shadow root.
    expect(
      await waveform.evaluate((node) => node.querySelector('div')?.shadowRoot?.querySelector('canvas') !== null),
    ).toBe(true);
    const download = detail.getByRole('link', { name: 'Download' });
    await expect(download).toHaveAttribute('href', /\/recording\?.*download=1/);

    const play = detail.getByRole('button', { name: 'Play' });
    await play.click();
    await expect(detail.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(detail.getByTestId('playback-time')).toHaveText('0:01 / 0:02');
    // The end of the recording: the button is "Play" again.
    await expect(detail.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 10_000 });

    // Playing marked it listened, on the server as well as on the screen.
    await expect(detail.getByTestId('listened-state')).toHaveText('Listened');
    await expect(row).not.toHaveAttribute('data-unlistened', '');
    await expect
      .poll(async () => {
        const response = await request.get(`/api/voice-messages/${uploaded.id}`, { headers });
        return ((await response.json()) as VoiceMessageResponse).voiceMessage.listened;
      })
      .toBe(true);

    // And back by hand.
    await detail.getByRole('button', { name: 'Mark as unlistened' }).click();
    await expect(detail.getByTestId('listened-state')).toHaveText('Not listened to');
    await expect
      .poll(async () => {
        const response = await request.get(`/api/voice-messages/${uploaded.id}`, { headers });
        return ((await response.json()) as VoiceMessageResponse).voiceMessage.listened;
      })
      .toBe(false);
  });

  test('replies to the caller by SMS from the voice message', async ({ page, request }) => {
    const headers = await bearer(request);
    const sandbox = await sandboxOf(request, headers);
    const caller = callerNumber();
    const transcript = `Do you deliver on Saturdays? (${Date.now()})`;
    const uploaded = await uploadVoiceMessage(request, headers, {
      networkId: sandbox.id,
      caller,
      transcript,
      seconds: 0.5,
    });

    await signIn(page, { to: `/views/conversations?tab=voice&voiceMessage=${uploaded.id}` });
    const detail = page.getByRole('region', { name: 'Voice message', exact: true });
    await expect(detail).toContainText(transcript);
    const reply = `Yes, until noon. (${Date.now()})`;
    const box = detail.getByRole('textbox', { name: `Reply to ${caller}` });
    await box.fill(reply);
    await box.press('Enter');
    await expect(detail.getByRole('status').filter({ hasText: 'Your reply is on its way.' })).toBeVisible();
    await expect(box).toHaveValue('');

    // The reply is in the caller's conversation.
    await expect
      .poll(async () => {
        const response = await request.get(`/api/conversations/${uploaded.conversationId}/messages`, { headers });
        const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
        return messages.map((message) => message.body);
      })
      .toContain(reply);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the voice inbox passes axe in the ${theme} theme, without console errors`, async ({ browser, baseURL }) => {
      test.setTimeout(60_000);
      const { context, page, problems } = await themedPage(browser, baseURL, theme);
      // A new workspace: its admin starts with a connected sandbox and no voice messages.
      const { email, password } = await signUpFresh(page, 'Voice Tester');
      const headers = await bearer(context.request, email, password);

      await page.goto('/views/conversations?tab=voice');
      await openVoiceInbox(page);
      await expect(page.getByRole('heading', { name: 'No voice messages yet' })).toBeVisible();
      expect(await blockingViolations(page), 'empty voice inbox').toEqual([]);

      const sandbox = await sandboxOf(context.request, headers);
      const transcript = 'Hello, I would like to book a table for four tonight.';
      await uploadVoiceMessage(context.request, headers, {
        networkId: sandbox.id,
        caller: callerNumber(),
        transcript,
        seconds: 1,
      });
      const row = page.getByTestId('voice-message-row').filter({ hasText: transcript });
      await row.click();
      const detail = page.getByRole('region', { name: 'Voice message', exact: true });
      await expect(detail.getByRole('slider', { name: 'Playback position' })).toHaveAttribute('data-ready', '');
      expect(await blockingViolations(page), 'voice message selected').toEqual([]);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

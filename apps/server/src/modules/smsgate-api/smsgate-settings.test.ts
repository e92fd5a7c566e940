import { describe, expect, it } from 'vitest';
import { createSmsgateSettings } from './smsgate-settings.js';
import type { SettingsSections, SmsgateSettingsRepository } from './smsgate-settings.repository.js';

/** The settings service over an in-memory row, noting which workspaces were told of a change. */
function settingsInMemory() {
  const rows = new Map<string, SettingsSections>();
  const repo: SmsgateSettingsRepository = {
    get: async (workspaceId) => rows.get(workspaceId) ?? {},
    update: async (workspaceId, change) => {
      const next = change(rows.get(workspaceId) ?? {});
      rows.set(workspaceId, next);
      return next;
    },
  };
  const changed: string[] = [];
  return { settings: createSmsgateSettings(repo, (id) => changed.push(id)), rows, changed };
}

describe('SMSGate device settings', () => {
  it('keeps known keys in the app’s snake_case, from either spelling, and drops the rest', async () => {
    const { settings, rows } = settingsInMemory();
    const answer = await settings.replace('w', {
      messages: { sendIntervalMax: 5, send_interval_min: 1, processingOrder: 'FIFO', colour: 'red' },
      gateway: { cloudUrl: 'https://elsewhere.example', private_token: 't', notificationChannel: 'AUTO' },
      encryption: { passphrase: 'p' },
      webhooks: { signing_key: 'k', internetRequired: false },
      mystery: { a: 1 },
    });
    expect(rows.get('w')).toEqual({
      messages: { send_interval_max: 5, send_interval_min: 1, processing_order: 'FIFO' },
      gateway: { notification_channel: 'AUTO' },
      encryption: { passphrase: 'p' },
      webhooks: { signing_key: 'k', internet_required: false },
    });
    // Answers leave out the signing key and the passphrase.
    expect(answer).toEqual({
      messages: { send_interval_max: 5, send_interval_min: 1, processing_order: 'FIFO' },
      gateway: { notification_channel: 'AUTO' },
      webhooks: { internet_required: false },
    });
    // Phones get neither gateway nor encryption: the channel decides how they are woken.
    expect(await settings.forPhones('w')).toEqual({
      messages: { send_interval_max: 5, send_interval_min: 1, processing_order: 'FIFO' },
      webhooks: { internet_required: false },
    });
  });

  it('merges a PATCH per section, clears a key set to null, and tells the phones of every change', async () => {
    const { settings, changed } = settingsInMemory();
    await settings.replace('w', { messages: { limitValue: 100, limitPeriod: 'PerHour' } });
    const merged = await settings.merge('w', { messages: { limitValue: null }, ping: { intervalSeconds: 60 } });
    expect(merged).toEqual({ messages: { limit_period: 'PerHour' }, ping: { interval_seconds: 60 } });
    expect(changed).toEqual(['w', 'w']);
  });

  it('refuses a known key with a wrong value, naming it, and changes nothing', async () => {
    const { settings, changed } = settingsInMemory();
    await expect(settings.merge('w', { messages: { limitPeriod: 'Hourly' } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('messages.limit_period') as string,
    });
    await expect(settings.replace('w', [])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(changed).toEqual([]);
  });
});

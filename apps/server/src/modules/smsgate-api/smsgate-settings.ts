import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { SettingsSections, SmsgateSettingsRepository } from './smsgate-settings.repository.js';

const int = z.number().int().min(0).max(1_000_000_000);
/**
 * The settings the SMSGate app reads (smsgate.md §2.7), per section, in its snake_case names.
 * `gateway.cloud_url` and `gateway.private_token` are left out on purpose: a phone given them
 * would repoint itself. `private: true` fields are stored but never answered.
 */
const KNOWN: Record<string, Record<string, { schema: z.ZodType; private?: true }>> = {
  messages: {
    send_interval_min: { schema: int },
    send_interval_max: { schema: int },
    limit_period: { schema: z.enum(['Disabled', 'PerMinute', 'PerHour', 'PerDay']) },
    limit_value: { schema: int },
    sim_selection_mode: { schema: z.enum(['OSDefault', 'RoundRobin', 'Random']) },
    log_lifetime_days: { schema: int },
    processing_order: { schema: z.enum(['LIFO', 'FIFO']) },
  },
  ping: { interval_seconds: { schema: int } },
  logs: { lifetime_days: { schema: int } },
  webhooks: {
    internet_required: { schema: z.boolean() },
    retry_count: { schema: int },
    signing_key: { schema: z.string().max(256), private: true },
  },
  encryption: { passphrase: { schema: z.string().max(256), private: true } },
  gateway: { notification_channel: { schema: z.enum(['AUTO', 'SSE_ONLY']) } },
};

/** `limitPeriod` → `limit_period`: the JS client's types are camelCase, the app's names snake_case. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A body's known settings in snake_case (camelCase accepted), unknown sections and keys dropped
 * as the reference does; a known key with a wrong value is a 400 naming it. `null` clears a key.
 */
function knownSettings(body: unknown): Record<string, Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('VALIDATION_FAILED', 'The settings must be a JSON object.');
  const out: Record<string, Record<string, unknown>> = {};
  for (const [sectionName, section] of Object.entries(body)) {
    const known = KNOWN[snake(sectionName)];
    if (!known || typeof section !== 'object' || section === null) continue;
    for (const [keyName, value] of Object.entries(section as Record<string, unknown>)) {
      const key = snake(keyName);
      const field = known[key];
      if (!field) continue;
      if (value !== null && !field.schema.safeParse(value).success) {
        const path = `body.${snake(sectionName)}.${key}`;
        throw new AppError('VALIDATION_FAILED', `${path} is not a valid value.`, [{ path, message: 'is invalid' }]);
      }
      (out[snake(sectionName)] ??= {})[key] = value;
    }
  }
  return out;
}

/** What GET answers: no private fields, no cleared ones. */
function publicSettings(settings: SettingsSections): SettingsSections {
  const out: SettingsSections = {};
  for (const [sectionName, section] of Object.entries(settings)) {
    for (const [key, value] of Object.entries(section)) {
      if (value === null || KNOWN[sectionName]?.[key]?.private) continue;
      (out[sectionName] ??= {})[key] = value;
    }
  }
  return out;
}

/**
 * What the workspace's phones are given (channels/android adds its own on top): the public
 * settings without `gateway` (the channel decides how phones are woken) and `encryption` (we never
 * send encrypted messages).
 */
function phoneSettings(settings: SettingsSections): SettingsSections {
  const { gateway: _gateway, encryption: _encryption, ...rest } = publicSettings(settings);
  return rest;
}

/**
 * `/settings`: a workspace's SMSGate device settings, stored as the app names them; a change is
 * announced to the workspace's phones (`SettingsUpdated`), which then read them from the mobile
 * API's `GET /settings`.
 */
export function createSmsgateSettings(repo: SmsgateSettingsRepository, changed: (workspaceId: string) => void) {
  async function store(workspaceId: string, change: (current: SettingsSections) => SettingsSections) {
    const stored = await repo.update(workspaceId, change);
    changed(workspaceId);
    return publicSettings(stored);
  }

  return {
    get: async (workspaceId: string) => publicSettings(await repo.get(workspaceId)),
    forPhones: async (workspaceId: string) => phoneSettings(await repo.get(workspaceId)),

    /** PUT: the body replaces every setting. */
    async replace(workspaceId: string, body: unknown): Promise<SettingsSections> {
      const next = knownSettings(body);
      return store(workspaceId, () => next);
    },

    /** PATCH: the body's settings change, the others stay. */
    async merge(workspaceId: string, body: unknown): Promise<SettingsSections> {
      const change = knownSettings(body);
      return store(workspaceId, (current) => {
        const next: SettingsSections = { ...current };
        for (const [section, values] of Object.entries(change)) next[section] = { ...current[section], ...values };
        return next;
      });
    },
  };
}

import { z } from 'zod';

/** The channels a workspace sends and receives through (DESIGN §2). */
export const NETWORK_KINDS = ['sandbox', 'android', 'smpp', 'http'] as const;
export const NetworkKind = z
  .enum(NETWORK_KINDS)
  .describe('sandbox | android (SMSGate phone) | smpp | http (Twilio-compatible)');
export type NetworkKind = z.infer<typeof NetworkKind>;

export const NetworkStatus = z
  .enum(['connected', 'disconnected', 'error'])
  .describe('connected; disconnected (no bind, phone silent > 15 min, or disabled); error (see lastError)');
export type NetworkStatus = z.infer<typeof NetworkStatus>;

/** Shown in place of a stored secret: the secret itself never leaves the server. */
export const MaskedSecret = z.string().describe('A stored secret, masked (e.g. `••••••••a1b2`).');

const address = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .describe('The number (E.164) or alphanumeric sender id messages are sent from.');

const throughput = z
  .number()
  .int()
  .min(1)
  .max(10_000)
  .describe('Most SMS parts (segments) sent per second through this network.');

const ton = z.number().int().min(0).max(6);
const npi = z.number().int().min(0).max(18);

/** SMPP 3.4 transceiver bind to an SMS centre. */
export const SmppSettingsSchema = z.object({
  host: z.string().trim().min(1).max(253).describe('SMS centre host name or IP address.'),
  port: z.number().int().min(1).max(65_535).describe('SMS centre TCP port (usually 2775).'),
  systemId: z.string().min(1).max(15).describe('SMPP system_id (the account name).'),
  password: z.string().max(8).describe('SMPP password (at most 8 characters by the protocol).'),
  systemType: z.string().max(12).default('').describe('SMPP system_type; empty unless the centre asks for one.'),
  sourceTon: ton
    .default(1)
    .describe('Type of number of the source address (0 unknown, 1 international, 5 alphanumeric).'),
  sourceNpi: npi.default(1).describe('Numbering plan of the source address (0 unknown, 1 ISDN/E.164).'),
  windowSize: z.number().int().min(1).max(100).default(10).describe('Most submit_sm awaiting a response at once.'),
  longMessages: z
    .enum(['udh', 'payload'])
    .default('udh')
    .describe(
      'How messages longer than one SMS go out: concatenated parts (UDH) or one submit_sm with message_payload.',
    ),
});
export type SmppSettings = z.infer<typeof SmppSettingsSchema>;

/** What the API shows of SMPP settings: the password masked. */
export const SmppSettingsViewSchema = SmppSettingsSchema.omit({ password: true }).extend({ password: MaskedSecret });

export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

/** A Twilio-compatible REST account. */
export const HttpSettingsSchema = z.object({
  accountSid: z.string().trim().min(1).max(64).describe('Account SID (AC…).'),
  authToken: z.string().trim().min(1).max(128).describe('Auth token; also the key webhooks are signed with.'),
  apiBaseUrl: z
    .url({ protocol: /^https?$/ })
    .default(TWILIO_API_BASE_URL)
    .describe('Base URL of the provider API (Twilio’s unless the provider says otherwise).'),
  voiceGreeting: z
    .string()
    .trim()
    .max(500)
    .default('')
    .describe('Spoken to callers before the beep; empty for a default greeting.'),
});
export type HttpSettings = z.infer<typeof HttpSettingsSchema>;

export const HttpSettingsViewSchema = HttpSettingsSchema.omit({ authToken: true }).extend({
  authToken: MaskedSecret,
  smsWebhookUrl: z.string().describe('Set this as the number’s "A message comes in" webhook (POST).'),
  statusCallbackUrl: z.string().describe('Sent with every message as its StatusCallback.'),
  voiceWebhookUrl: z
    .string()
    .describe('Set this as the number’s "A call comes in" webhook (POST): callers leave a voice message.'),
});

/** What the server knows of a paired Android phone (SMSGate app). */
export const AndroidSettingsViewSchema = z.object({
  serverUrl: z.string().describe('The "API URL" to type into the app (Settings → Cloud Server).'),
  registrationToken: MaskedSecret.nullable().describe('Masked; shown whole only when created or rotated.'),
  httpsWarning: z
    .boolean()
    .describe('True when PUBLIC_URL is not https: the app refuses cleartext except to 127.0.0.1.'),
  device: z
    .object({
      name: z.string().describe('Phone model as the app reports it (MANUFACTURER/PRODUCT).'),
      registeredAt: z.iso.datetime(),
      simCards: z.array(
        z.object({
          simNumber: z.number().int(),
          phoneNumber: z.string().nullable(),
          carrierName: z.string().nullable(),
        }),
      ),
      /** True while the phone holds the server-sent events stream open. */
      streaming: z.boolean(),
    })
    .nullable()
    .describe('The registered phone, or null while waiting for it.'),
});

export const SandboxSettingsViewSchema = z.object({
  deliveryDelayMs: z.number().int().describe('How long the virtual phone takes to deliver a message.'),
});

export const NetworkSettingsViewSchema = z.union([
  SmppSettingsViewSchema,
  HttpSettingsViewSchema,
  AndroidSettingsViewSchema,
  SandboxSettingsViewSchema,
]);

export const NetworkSchema = z.object({
  id: z.uuid(),
  kind: NetworkKind,
  name: z.string(),
  address: z.string().describe('Number or sender id messages go out from.'),
  status: NetworkStatus,
  lastError: z.string().nullable().describe('The last error the channel reported, if status is `error`.'),
  lastSeenAt: z.iso.datetime().nullable().describe('Last sign of life (bind, phone poll, webhook).'),
  throughput,
  enabled: z.boolean(),
  settings: NetworkSettingsViewSchema.describe('Kind settings, secrets masked.'),
  stats: z.object({
    inToday: z.number().int().describe('Messages received since midnight UTC.'),
    outToday: z.number().int().describe('Messages sent (queued or later) since midnight UTC.'),
  }),
  createdAt: z.iso.datetime(),
});
export type Network = z.infer<typeof NetworkSchema>;

const common = { name: z.string().trim().min(1).max(80).describe('A name for people, e.g. "Front desk".') };

/** POST /api/networks: one shape per kind. */
export const CreateNetworkBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox'), ...common }),
  z.object({ kind: z.literal('android'), ...common }),
  z.object({
    kind: z.literal('smpp'),
    ...common,
    address,
    throughput: throughput.default(10),
    settings: SmppSettingsSchema,
  }),
  z.object({
    kind: z.literal('http'),
    ...common,
    address,
    throughput: throughput.default(1),
    settings: HttpSettingsSchema,
  }),
]);
export type CreateNetworkBody = z.input<typeof CreateNetworkBodySchema>;

/**
 * A settings patch: every field optional and without its create-time default, so a patch that
 * sends one field changes only that field (zod's `.partial()` would keep the defaults).
 */
function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, inner.optional()];
    }),
  );
  return z.object(shape).strict();
}

export const SmppSettingsPatchSchema = patchOf(SmppSettingsSchema);
export const HttpSettingsPatchSchema = patchOf(HttpSettingsSchema);

/** PATCH /api/networks/:id. Absent fields keep their value; an absent secret keeps the stored one. */
export const UpdateNetworkBodySchema = z.object({
  name: common.name.optional(),
  address: address.optional(),
  throughput: throughput.optional(),
  enabled: z.boolean().optional(),
  settings: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Kind settings to change (SMPP or HTTP networks only), checked against the network’s kind.'),
});
export type UpdateNetworkBody = z.infer<typeof UpdateNetworkBodySchema>;

/** Shown once, when an Android network is created or its token rotated. */
export const AndroidRegistrationSchema = z.object({
  serverUrl: z.string().describe('Type into the app: Settings → Cloud Server → API URL.'),
  token: z.string().describe('Type into the app: Settings → Cloud Server → Private Token. Shown only now.'),
});
export type AndroidRegistration = z.infer<typeof AndroidRegistrationSchema>;

export const NetworkParamsSchema = z.object({ id: z.uuid().describe('Network id.') });
export const NetworksResponseSchema = z.object({ networks: z.array(NetworkSchema) });
export type NetworksResponse = z.infer<typeof NetworksResponseSchema>;
export const NetworkResponseSchema = z.object({
  network: NetworkSchema,
  registration: AndroidRegistrationSchema.optional().describe('Android networks, on creation and rotation only.'),
});
export type NetworkResponse = z.infer<typeof NetworkResponseSchema>;

/** The answer of a "test connection" step. */
export const ConnectionTestResultSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable().describe('What the centre or provider answered, when not ok.'),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;

export const NETWORK_LOG_KINDS = ['webhook-rejected', 'error', 'info'] as const;
export const NetworkLogEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(NETWORK_LOG_KINDS),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable().describe('e.g. the rejected request’s path, IP and headers.'),
  createdAt: z.iso.datetime(),
});
export type NetworkLogEntry = z.infer<typeof NetworkLogEntrySchema>;
export const NetworkLogResponseSchema = z.object({ entries: z.array(NetworkLogEntrySchema) });
export type NetworkLogResponse = z.infer<typeof NetworkLogResponseSchema>;

export const NetworkUpdatedSchema = z.object({ network: NetworkSchema });
export type NetworkUpdated = z.infer<typeof NetworkUpdatedSchema>;
export const NetworkDeletedSchema = z.object({ id: z.uuid() });
export type NetworkDeleted = z.infer<typeof NetworkDeletedSchema>;

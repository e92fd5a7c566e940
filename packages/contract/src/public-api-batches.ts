import { z } from 'zod';
import { MessageState, SendMessageBodySchema } from './messages.js';
import { ApiSendOptionsSchema } from './public-api.js';

/** How many recipients one `POST /api/v1/messages/batch` may name. */
export const MAX_BATCH_RECIPIENTS = 10_000;

const isoUtc = z.iso.datetime();

/** One recipient of a batch. */
export const ApiBatchRecipientSchema = z.object({
  to: SendMessageBodySchema.shape.to,
  variables: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,31}$/), z.string().max(500))
    .optional()
    .describe('Values for the template’s `{key}` variables (lower-case keys); `{number}` is the recipient’s number.'),
});
export type ApiBatchRecipient = z.infer<typeof ApiBatchRecipientSchema>;

/** POST /api/v1/messages/batch. */
export const ApiSendBatchBodySchema = z
  .object({
    body: SendMessageBodySchema.shape.body.describe(
      'The text, personalised per recipient: `{key}` takes the recipient’s variable, `{key|default}` falls back to the default when it is missing or empty. A recipient missing a variable without default is refused (`missing_variable`).',
    ),
    recipients: z
      .array(ApiBatchRecipientSchema)
      .min(1)
      .max(MAX_BATCH_RECIPIENTS)
      .describe(`1 to ${MAX_BATCH_RECIPIENTS.toLocaleString('en')} recipients.`),
    ...ApiSendOptionsSchema.shape,
  })
  .meta({
    // The request sample the interactive reference (/api/docs) fills in for curl, JavaScript and Python.
    examples: [
      {
        body: 'Hi {name|there}, your table for {guests} is ready.',
        recipients: [
          { to: '+12025550123', variables: { name: 'Ada', guests: '2' } },
          { to: '+12025550124', variables: { guests: '4' } },
        ],
        metadata: { restaurant: 'north' },
      },
    ],
  });
export type ApiSendBatchBody = z.infer<typeof ApiSendBatchBodySchema>;

export const ApiBatchRefusalReason = z
  .enum(['opted_out', 'invalid_number', 'duplicate', 'missing_variable', 'too_long', 'empty_text'])
  .describe(
    'opted_out: the contact opted out; invalid_number: not an international number; duplicate: the number came earlier in the batch; missing_variable: a `{key}` without value or default; too_long: the personalised text passes the length limit; empty_text: it is empty.',
  );
export type ApiBatchRefusalReason = z.infer<typeof ApiBatchRefusalReason>;

export const ApiBatchRefusalSchema = z.object({
  index: z.number().int().describe('The recipient’s place in `recipients` (from 0).'),
  to: z.string().describe('The number as given.'),
  reason: ApiBatchRefusalReason,
});
export type ApiBatchRefusal = z.infer<typeof ApiBatchRefusalSchema>;

const count = z.number().int().nonnegative();

/** A batch and its progress. */
export const ApiBatchSchema = z.object({
  id: z.string().describe('The batch’s id: GET /api/v1/messages/batch/{id}, GET /api/v1/messages?batchId={id}.'),
  networkId: z.string().describe('The network its messages go out through.'),
  body: z.string().describe('The template as given.'),
  metadata: z.record(z.string(), z.string()).nullable().describe('Attached to each of its messages; null when none.'),
  sendAt: isoUtc.nullable().describe('Not sent before this time; null: at once.'),
  callbackUrl: z.string().nullable().describe('Where each message’s state changes are delivered; null: nowhere.'),
  recipients: count.describe('Recipients given.'),
  queued: count.describe('Messages queued (one per accepted recipient).'),
  refused: z
    .object({
      optedOut: count,
      invalidNumber: count,
      duplicate: count,
      missingVariable: count,
      tooLong: count,
      emptyText: count,
    })
    .describe('Recipients not queued, by reason.'),
  segments: count.describe('SMS segments booked on the monthly quota for the whole batch.'),
  spread: z
    .boolean()
    .describe(
      'true: more messages than the network sends in 5 s, so their due times were spread over the network’s rate (like a campaign’s), leaving room for other messages in between.',
    ),
  progress: z
    .partialRecord(MessageState, count)
    .describe('The batch’s messages by state now (queued, sending, sent, delivered, failed, cancelled).'),
  createdAt: isoUtc.describe('When it was queued (UTC).'),
});
export type ApiBatch = z.infer<typeof ApiBatchSchema>;

export const ApiBatchResponseSchema = z.object({ batch: ApiBatchSchema });
export type ApiBatchResponse = z.infer<typeof ApiBatchResponseSchema>;

/** 202 of POST /api/v1/messages/batch. */
export const ApiSendBatchResponseSchema = z.object({
  batch: ApiBatchSchema,
  refusals: z.array(ApiBatchRefusalSchema).describe('Every recipient not queued, with why, in the order given.'),
});
export type ApiSendBatchResponse = z.infer<typeof ApiSendBatchResponseSchema>;
export const ApiBatchParamsSchema = z.object({ id: z.uuid() });

/** GET /api/v1/callback-secret. */
export const ApiCallbackSecretResponseSchema = z.object({
  secret: z
    .string()
    .describe(
      'The secret that signs this API key’s callbacks (`callbackUrl`): verify `Switchboard-Signature` with it. Every token made from the key has the same one; a new key has a new one.',
    ),
});
export type ApiCallbackSecretResponse = z.infer<typeof ApiCallbackSecretResponseSchema>;

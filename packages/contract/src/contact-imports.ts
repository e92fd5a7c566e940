import { z } from 'zod';
import { TagSchema } from './contacts.js';

/**
 * CSV import of contacts (DESIGN §2 "Contacts"): upload a file (its delimiter, byte order mark,
 * header and first rows are read back with a suggested column mapping), then start it as a job
 * with a mapping, a default country and what to do with numbers already in the book. Admin only,
 * scoped to the caller's workspace.
 */

export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;
/** Rows of the upload's preview. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Invalid rows listed in the import's report; every one is in invalid.csv. */
export const IMPORT_INVALID_SAMPLE = 100;

export const IMPORT_DELIMITERS = ['comma', 'semicolon', 'tab', 'pipe'] as const;
export const ImportDelimiter = z
  .enum(IMPORT_DELIMITERS)
  .describe('The column separator found in the file: `,` `;` tab or `|`.');
export type ImportDelimiter = z.infer<typeof ImportDelimiter>;

export const IMPORT_STATES = ['uploaded', 'running', 'completed', 'cancelled', 'failed'] as const;
export const ImportState = z
  .enum(IMPORT_STATES)
  .describe(
    '`uploaded`: read and waiting for its mapping; `running`; then `completed`, `cancelled` (what was written stays) or `failed` (e.g. the server stopped during it).',
  );
export type ImportState = z.infer<typeof ImportState>;

/**
 * What a column becomes: `number` (exactly one column), `name` (several are joined with a space,
 * e.g. first and last name), `tags` (a cell's tags separated by `,` `;` or `|`), `timeZone` (IANA),
 * `field:<key>` (one of the workspace's custom field keys) or `ignore`.
 */
export const ImportColumnTarget = z
  .union([
    z.enum(['number', 'name', 'tags', 'timeZone', 'ignore']),
    z.string().regex(/^field:[a-z][a-z0-9_]{0,31}$/, 'A custom field target is `field:<key>`.'),
  ])
  .describe('What the column becomes: number, name, tags, timeZone, field:<key> (a custom field key) or ignore.');
export type ImportColumnTarget = z.infer<typeof ImportColumnTarget>;

export const ImportMappingSchema = z
  .array(ImportColumnTarget)
  .min(1)
  .max(500)
  .refine((targets) => targets.filter((t) => t === 'number').length === 1, 'Exactly one column is the number.')
  .describe('One target per column of the header, in order.');
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const IMPORT_MODES = ['update', 'skip'] as const;
export const ImportMode = z
  .enum(IMPORT_MODES)
  .describe(
    '`update`: numbers already in the book get the file’s non-empty values (name, time zone, fields; tags are added); `skip`: they are left untouched.',
  );
export type ImportMode = z.infer<typeof ImportMode>;

/** Why a row was not imported, for a message in the user's language (`reason` is the English one). */
export const INVALID_ROW_PROBLEMS = [
  'noNumber',
  'notANumber',
  'noCountryCode',
  'nameTooLong',
  'fieldTooLong',
  'notATimeZone',
  'tagTooLong',
  'tooManyTags',
] as const;
export type InvalidRowProblem = (typeof INVALID_ROW_PROBLEMS)[number];

export const InvalidImportRowSchema = z.object({
  row: z.number().int().describe('The row’s line in the file (the header is line 1).'),
  reason: z.string().describe('Why the row was not imported (English).'),
  problem: z
    .enum(INVALID_ROW_PROBLEMS)
    .optional()
    .describe(
      'The reason as a code: noNumber, notANumber, noCountryCode, nameTooLong, fieldTooLong, notATimeZone, tagTooLong, tooManyTags.',
    ),
  value: z
    .string()
    .optional()
    .describe('What the problem is about: the number, zone or tag as written (clipped), or the custom field’s key.'),
});
export type InvalidImportRow = z.infer<typeof InvalidImportRowSchema>;

export const ContactImportSchema = z.object({
  id: z.uuid(),
  state: ImportState,
  fileName: z.string().describe('The uploaded file’s name, as the browser sent it.'),
  sizeBytes: z.number().int(),
  delimiter: ImportDelimiter,
  hasBom: z.boolean().describe('Whether the file began with a UTF-8 byte order mark (it is not part of the header).'),
  header: z.array(z.string()).describe('The first row: the column names.'),
  totalRows: z.number().int().describe('Data rows in the file (blank lines not counted).'),
  processedRows: z.number().int().describe('Rows written so far; equals totalRows when completed.'),
  created: z.number().int().describe('New contacts.'),
  updated: z.number().int().describe('Contacts already in the book that got the row’s values (`update`).'),
  skipped: z.number().int().describe('Contacts already in the book left untouched (`skip`).'),
  invalid: z.number().int().describe('Rows not imported (see invalidRows and invalid.csv).'),
  duplicates: z.number().int().describe('Rows whose number appeared earlier in the file (the first one counts).'),
  invalidRows: z.array(InvalidImportRowSchema).describe(`The first ${IMPORT_INVALID_SAMPLE} invalid rows.`),
  error: z.string().nullable().describe('`failed`: why.'),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ContactImport = z.infer<typeof ContactImportSchema>;

export const ContactImportResponseSchema = z.object({ import: ContactImportSchema });
export type ContactImportResponse = z.infer<typeof ContactImportResponseSchema>;

export const IMPORT_PURPOSES = ['contacts', 'campaign'] as const;
export const ImportPurpose = z
  .enum(IMPORT_PURPOSES)
  .describe(
    '`contacts`: the contact book’s import; `campaign`: a CSV uploaded for a campaign’s audience. Each remembers its own last mapping.',
  );
export type ImportPurpose = z.infer<typeof ImportPurpose>;

/** POST /api/contacts/imports?purpose=…: which remembered mapping the upload answers with. */
export const ContactImportUploadQuerySchema = z.object({ purpose: ImportPurpose.default('contacts') });
export type ContactImportUploadQuery = z.input<typeof ContactImportUploadQuerySchema>;

/** POST /api/contacts/imports (multipart, the CSV in the part `file`). */
export const ContactImportUploadResponseSchema = z.object({
  import: ContactImportSchema,
  preview: z.array(z.array(z.string())).describe(`The first ${IMPORT_PREVIEW_ROWS} data rows, cells as in the file.`),
  suggestedMapping: z.array(ImportColumnTarget).describe('A guess from the header’s names, one target per column.'),
  rememberedMapping: z
    .array(ImportColumnTarget)
    .nullable()
    .describe(
      'The mapping of the workspace’s last started import of the same purpose, matched to this header by column name (`ignore` where unknown); null when there is none or no column matches.',
    ),
});
export type ContactImportUploadResponse = z.infer<typeof ContactImportUploadResponseSchema>;

export const ContactImportParamsSchema = z.object({ id: z.uuid() });

/** POST /api/contacts/imports/:id/start. */
export const StartContactImportBodySchema = z
  .object({
    mapping: ImportMappingSchema,
    defaultCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'An ISO 3166 alpha-2 country code, e.g. US.')
      .nullable()
      .optional()
      .describe('ISO 3166 alpha-2 country for numbers without `+` or `00`; without it such numbers are invalid.'),
    mode: ImportMode,
    listId: z.uuid().nullable().optional().describe('A list of the workspace every imported contact joins.'),
    tags: z.array(TagSchema).max(10).optional().describe('Tags added to every imported contact.'),
  })
  .strict();
export type StartContactImportBody = z.infer<typeof StartContactImportBodySchema>;

/** `contact-import.progress`: at most a few per second while running, and once when it ends. */
export const ContactImportProgressSchema = z.object({ import: ContactImportSchema });
export type ContactImportProgress = z.infer<typeof ContactImportProgressSchema>;

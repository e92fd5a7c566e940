import { z } from 'zod';
import { ContactSchema } from './messages.js';

/**
 * The contact book (DESIGN §2 "Contacts"): contacts with custom fields, lists ("static groups"),
 * tags, consent history, bulk actions and CSV export. Every route is admin-only and scoped to the
 * caller's workspace.
 */

export const CONTACTS_PAGE_SIZE = 50;
export const MAX_CONTACTS_PAGE_SIZE = 200;
export const MAX_CONTACT_TAGS = 20;
export const MAX_TAG_LENGTH = 32;
/** A workspace chooses at most this many custom field keys; a contact has at most one value per key. */
export const MAX_CUSTOM_FIELDS = 20;
export const MAX_CUSTOM_FIELD_VALUE_LENGTH = 500;
/** Explicit ids in one bulk action; beyond this, select by filter. */
export const MAX_BULK_IDS = 1000;
/** Keys a custom field may not take: the campaign variables that already mean something. */
export const RESERVED_FIELD_KEYS = ['name', 'number', 'phone', 'tags', 'lists', 'timezone'] as const;

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone, e.g. `Europe/Berlin`. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'Not an IANA time zone (e.g. Europe/Berlin).')
  .describe('IANA time zone, e.g. Europe/Berlin.');

export const TagSchema = z
  .string()
  .trim()
  .min(1, 'A tag is empty.')
  .max(MAX_TAG_LENGTH, `A tag has at most ${MAX_TAG_LENGTH} characters.`)
  .refine((tag) => !tag.includes(','), 'A tag cannot contain a comma (CSV files list tags with commas).')
  .describe('Free text without commas; tags are matched exactly.');

const tags = z.array(TagSchema).max(MAX_CONTACT_TAGS, `At most ${MAX_CONTACT_TAGS} tags.`);

/** A custom field key: lower-case letters, digits and `_`, starting with a letter (usable as `{key}`). */
export const CustomFieldKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'Lower-case letters, digits and _, starting with a letter, at most 32.')
  .refine((key) => !(RESERVED_FIELD_KEYS as readonly string[]).includes(key), 'This name is reserved.')
  .describe('The field’s key, e.g. `city`; campaigns use it as the variable `{city}`.');

const fieldValue = z
  .string()
  .trim()
  .max(MAX_CUSTOM_FIELD_VALUE_LENGTH, `A field holds at most ${MAX_CUSTOM_FIELD_VALUE_LENGTH} characters.`);

export const CustomFieldsSchema = z
  .record(z.string(), z.string())
  .describe('Custom field values by key (only the workspace’s keys; a missing key has no value).');
export type CustomFields = z.infer<typeof CustomFieldsSchema>;

/** A contact as the contact book shows it: the inbox's contact and everything the book adds. */
export const ContactEntrySchema = ContactSchema.extend({
  customFields: CustomFieldsSchema,
  timeZone: z.string().nullable().describe('IANA time zone for quiet hours; null: the number’s country decides.'),
  listIds: z.array(z.uuid()).describe('The lists the contact belongs to.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime().describe('Last change of the contact’s own fields or consent.'),
  lastMessageAt: z.iso.datetime().nullable().describe('The newest message to or from the contact, or null.'),
});
export type ContactEntry = z.infer<typeof ContactEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Consent history

export const CONSENT_SOURCES = ['keyword', 'import', 'admin', 'api'] as const;
export const ConsentSource = z
  .enum(CONSENT_SOURCES)
  .describe(
    'What changed the opt-out state: a STOP/START keyword text, a CSV import, an admin in the app, or the developer API.',
  );
export type ConsentSource = z.infer<typeof ConsentSource>;

export const ConsentEventSchema = z.object({
  id: z.uuid(),
  optedOut: z.boolean().describe('true: the contact opted out; false: opted (back) in.'),
  source: ConsentSource,
  messageId: z.uuid().nullable().describe('`keyword`: the message that carried the keyword.'),
  messageBody: z
    .string()
    .nullable()
    .describe('`keyword`: the text of that message as the contact sent it; null when it is gone.'),
  userId: z.uuid().nullable().describe('`admin`: who made the change.'),
  userName: z.string().nullable().describe('`admin`: the name of who made the change, if still a member.'),
  createdAt: z.iso.datetime(),
});
export type ConsentEvent = z.infer<typeof ConsentEventSchema>;

// ---------------------------------------------------------------------------------------------
// Reading contacts

export const CONTACT_SORTS = ['created', 'name', 'lastMessage'] as const;
export const ContactSort = z
  .enum(CONTACT_SORTS)
  .describe(
    '`created`: when added; `name`: by name, case-insensitive (contacts without a name by their number, before named ones); `lastMessage`: newest message (never messaged counts as oldest). Ties by id.',
  );
export type ContactSort = z.infer<typeof ContactSort>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

const filterFields = {
  q: z.string().trim().max(100).optional().describe('Search: part of the number or of the name (any case).'),
  tag: TagSchema.optional().describe('Only contacts with this tag.'),
  listId: z.uuid().optional().describe('Only members of this list.'),
  fieldKey: CustomFieldKeySchema.optional().describe('With `fieldValue`: only contacts whose field has that value.'),
  fieldValue: fieldValue.optional().describe('The exact value of the field `fieldKey` (case-sensitive).'),
};
const bothOrNeither = (filter: { fieldKey?: string; fieldValue?: string }) =>
  (filter.fieldKey === undefined) === (filter.fieldValue === undefined);
const bothOrNeitherIssue = { message: 'Give fieldKey and fieldValue together.', path: ['fieldKey'] };

/** Which contacts: the list, the export and a bulk action "on everything matching" share it. */
export const ContactFilterSchema = z
  .object({
    ...filterFields,
    optedOut: z.boolean().optional().describe('true: only opted-out contacts; false: only subscribed ones.'),
  })
  .strict()
  .refine(bothOrNeither, bothOrNeitherIssue);
export type ContactFilter = z.infer<typeof ContactFilterSchema>;

/** A query-string boolean: "true"/"1" or "false"/"0". */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

const filterQuery = {
  ...filterFields,
  optedOut: flag.describe('true: only opted-out contacts; false: only subscribed ones.'),
  sort: ContactSort.default('created'),
  order: SortOrder.default('desc'),
};

/** GET /api/contacts/export: the list's filter and order, every matching contact as CSV. */
export const ContactExportQuerySchema = z.object(filterQuery).refine(bothOrNeither, bothOrNeitherIssue);
export type ContactExportQuery = z.input<typeof ContactExportQuerySchema>;

/** GET /api/contacts: keyset pages in the chosen order; a page never shifts while contacts are added. */
export const ContactPageQuerySchema = z
  .object({
    ...filterQuery,
    cursor: z
      .string()
      .trim()
      .min(1)
      .max(600)
      .optional()
      .describe('The `nextCursor` of the previous page (same sort and order); omit for the first page.'),
    limit: z.coerce.number().int().min(1).max(MAX_CONTACTS_PAGE_SIZE).default(CONTACTS_PAGE_SIZE),
  })
  .refine(bothOrNeither, bothOrNeitherIssue);
export type ContactPageQuery = z.input<typeof ContactPageQuerySchema>;

export const ContactPageResponseSchema = z.object({
  contacts: z.array(ContactEntrySchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
});
export type ContactPageResponse = z.infer<typeof ContactPageResponseSchema>;

/** GET /api/contacts/count: how many contacts match the filter (for "select all N"). */
export const ContactCountQuerySchema = z
  .object({ ...filterFields, optedOut: filterQuery.optedOut })
  .refine(bothOrNeither, bothOrNeitherIssue);
export const ContactCountResponseSchema = z.object({ count: z.number().int() });
export type ContactCountResponse = z.infer<typeof ContactCountResponseSchema>;

export const ContactParamsSchema = z.object({ id: z.uuid() });

/** GET /api/contacts/:id, and the answer of POST and PATCH. */
export const ContactResponseSchema = z.object({ contact: ContactEntrySchema });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
export const ContactDetailResponseSchema = z.object({
  contact: ContactEntrySchema,
  consent: z.array(ConsentEventSchema).describe('Every opt-out and opt-in, newest first.'),
});
export type ContactDetailResponse = z.infer<typeof ContactDetailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Writing contacts

const name = z.string().trim().max(100).nullable().describe('Empty or null: no name.');
const customFieldValues = z
  .record(z.string(), fieldValue.nullable())
  .describe('Values by key; only the workspace’s keys (GET /api/contact-fields). Empty or null removes a value.');

/** POST /api/contacts. */
export const CreateContactBodySchema = z
  .object({
    phoneNumber: z.string().trim().min(1).max(32).describe('International format (+…); stored as E.164.'),
    name: name.optional(),
    tags: tags.optional(),
    customFields: customFieldValues.optional(),
    timeZone: TimeZoneSchema.nullable().optional(),
    listIds: z.array(z.uuid()).max(100).optional().describe('Lists to add the new contact to.'),
    optedOut: z.boolean().optional().describe('true: add the contact opted out (recorded as an admin opt-out).'),
  })
  .strict();
export type CreateContactBody = z.infer<typeof CreateContactBodySchema>;

/**
 * PATCH /api/contacts/:id: only the fields given change. `customFields` merges key by key.
 * `optedOut` is the manual opt-out / opt-in (recorded in the consent history; no text is sent).
 * The number cannot change: threads and consent belong to it.
 */
export const UpdateContactBodySchema = z
  .object({
    name: name.optional(),
    tags: tags.optional().describe('Replaces the tags.'),
    customFields: customFieldValues.optional(),
    timeZone: TimeZoneSchema.nullable().optional(),
    listIds: z.array(z.uuid()).max(100).optional().describe('Replaces the lists the contact is in.'),
    optedOut: z.boolean().optional().describe('true opts the contact out (no confirmation is sent); false opts in.'),
  })
  .strict();
export type UpdateContactBody = z.infer<typeof UpdateContactBodySchema>;

// ---------------------------------------------------------------------------------------------
// Bulk actions

export const BULK_CONTACT_ACTIONS = ['tag', 'untag', 'addToList', 'removeFromList', 'delete'] as const;

/** Which contacts a bulk action applies to: explicit ids, or every contact matching a filter. */
export const ContactSelectionSchema = z
  .union([
    z
      .object({ ids: z.array(z.uuid()).min(1).max(MAX_BULK_IDS).describe('These contacts (of this workspace).') })
      .strict(),
    z
      .object({
        filter: ContactFilterSchema.describe('Every contact matching this filter, across all pages.'),
        exceptIds: z
          .array(z.uuid())
          .max(MAX_BULK_IDS)
          .optional()
          .describe('Matching contacts deselected by hand, left alone.'),
      })
      .strict(),
  ])
  .describe('`{ ids }` or `{ filter, exceptIds? }`.');
export type ContactSelection = z.infer<typeof ContactSelectionSchema>;

/** POST /api/contacts/bulk: one action on many contacts, in one statement. */
export const BulkContactBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('tag'), tag: TagSchema, selection: ContactSelectionSchema }).strict(),
  z.object({ action: z.literal('untag'), tag: TagSchema, selection: ContactSelectionSchema }).strict(),
  z.object({ action: z.literal('addToList'), listId: z.uuid(), selection: ContactSelectionSchema }).strict(),
  z.object({ action: z.literal('removeFromList'), listId: z.uuid(), selection: ContactSelectionSchema }).strict(),
  z
    .object({ action: z.literal('delete'), selection: ContactSelectionSchema })
    .strict()
    .describe('Contacts with conversations or an opt-out on record are kept and counted as `skipped`.'),
]);
export type BulkContactBody = z.infer<typeof BulkContactBodySchema>;

export const BulkContactResponseSchema = z.object({
  affected: z
    .number()
    .int()
    .describe('Contacts the action changed (already tagged, already a member… are not counted).'),
  skipped: z.number().int().describe('`delete`: selected contacts kept because of conversations or an opt-out.'),
});
export type BulkContactResponse = z.infer<typeof BulkContactResponseSchema>;

/**
 * POST /api/contacts/export: the contacts of a selection (rows ticked by hand, or a filter minus
 * exceptions) as CSV, in the list's order. The GET form takes a filter only.
 */
export const ContactExportBodySchema = z
  .object({
    selection: ContactSelectionSchema,
    sort: ContactSort.default('created'),
    order: SortOrder.default('desc'),
  })
  .strict();
export type ContactExportBody = z.input<typeof ContactExportBodySchema>;

/**
 * `contacts.changed`: many contacts changed at once (a bulk action, an import's batch), so open
 * contact books start their lists again instead of patching rows one by one.
 */
export const ContactsChangedSchema = z.object({
  cause: z.enum(['bulk', 'import']).describe('What changed them.'),
});
export type ContactsChanged = z.infer<typeof ContactsChangedSchema>;

// ---------------------------------------------------------------------------------------------
// Lists, tags, custom field keys

export const ContactListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContactList = z.infer<typeof ContactListSchema>;

export const ContactListsResponseSchema = z.object({ lists: z.array(ContactListSchema).describe('By name.') });
export type ContactListsResponse = z.infer<typeof ContactListsResponseSchema>;
export const ContactListResponseSchema = z.object({ list: ContactListSchema });
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;
export const ContactListParamsSchema = z.object({ id: z.uuid() });

/** POST /api/contact-lists and PATCH /api/contact-lists/:id. Names are unique in a workspace. */
export const ContactListBodySchema = z
  .object({ name: z.string().trim().min(1, 'The name is empty.').max(100).describe('Unique in the workspace.') })
  .strict();
export type ContactListBody = z.infer<typeof ContactListBodySchema>;

/** GET /api/contact-tags: every tag in use, with how many contacts carry it. */
export const ContactTagsResponseSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })).describe('Most used first.'),
});
export type ContactTagsResponse = z.infer<typeof ContactTagsResponseSchema>;

/** GET and PUT /api/contact-fields: the workspace's custom field keys, in display order. */
export const ContactFieldSchema = z.object({ key: CustomFieldKeySchema });
export type ContactField = z.infer<typeof ContactFieldSchema>;
export const ContactFieldsBodySchema = z
  .object({
    fields: z
      .array(ContactFieldSchema)
      .max(MAX_CUSTOM_FIELDS, `At most ${MAX_CUSTOM_FIELDS} custom fields.`)
      .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, 'A key appears twice.')
      .describe('Every key, in display order. A key left out is removed, with its value on every contact.'),
  })
  .strict();
export type ContactFieldsBody = z.infer<typeof ContactFieldsBodySchema>;
export const ContactFieldsResponseSchema = z.object({ fields: z.array(ContactFieldSchema) });
export type ContactFieldsResponse = z.infer<typeof ContactFieldsResponseSchema>;

/** Columns of the CSV export, before one column per custom field key. */
export const CONTACT_EXPORT_COLUMNS = [
  'phone_number',
  'name',
  'tags',
  'lists',
  'time_zone',
  'opted_out_at',
  'created_at',
  'last_message_at',
] as const;

import type { ContactEntry, ContactField, CreateContactBody, UpdateContactBody } from '@switchboard/contract';
import { compactPhoneNumber } from '../../../lib/phone-number';

/** The contact form's values: what a person edits, as the inputs hold it. */
export interface ContactFormValues {
  phoneNumber: string;
  name: string;
  tags: string[];
  listIds: string[];
  /** null: the zone of the number's country. */
  timeZone: string | null;
  /** One text per custom field key of the workspace ('' = no value). */
  customFields: Record<string, string>;
  /** New contacts only: add them opted out (they asked not to be texted). */
  optedOut: boolean;
}

export function newContactValues(fields: readonly ContactField[]): ContactFormValues {
  return {
    phoneNumber: '',
    name: '',
    tags: [],
    listIds: [],
    timeZone: null,
    customFields: Object.fromEntries(fields.map(({ key }) => [key, ''])),
    optedOut: false,
  };
}

export function contactValues(contact: ContactEntry, fields: readonly ContactField[]): ContactFormValues {
  return {
    phoneNumber: contact.phoneNumber,
    name: contact.name ?? '',
    tags: contact.tags,
    listIds: contact.listIds,
    timeZone: contact.timeZone,
    customFields: Object.fromEntries(fields.map(({ key }) => [key, contact.customFields[key] ?? ''])),
    optedOut: contact.optedOutAt !== null,
  };
}

/** The custom fields that have a value (a new contact sends no empty ones). */
function filledFields(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** POST /api/contacts's body for a new contact (the contract's schema trims and checks it). */
export function createBodyOf(values: ContactFormValues): CreateContactBody {
  const body: CreateContactBody = { phoneNumber: compactPhoneNumber(values.phoneNumber.trim()) };
  if (values.name.trim()) body.name = values.name;
  if (values.tags.length) body.tags = values.tags;
  if (values.listIds.length) body.listIds = values.listIds;
  if (values.timeZone) body.timeZone = values.timeZone;
  const customFields = filledFields(values.customFields);
  if (Object.keys(customFields).length) body.customFields = customFields;
  if (values.optedOut) body.optedOut = true;
  return body;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * PATCH's body: only what changed against the contact as loaded (so an edit in another tab of a
 * field not touched here is not overwritten). A cleared custom field is sent as null (removed).
 * The consent is not part of the form: it changes through its own confirmed action.
 */
export function updateBodyOf(values: ContactFormValues, initial: ContactFormValues): UpdateContactBody {
  const body: UpdateContactBody = {};
  if (values.name.trim() !== initial.name.trim()) body.name = values.name.trim() || null;
  if (!sameList(values.tags, initial.tags)) body.tags = values.tags;
  if (!sameList([...values.listIds].sort(), [...initial.listIds].sort())) body.listIds = values.listIds;
  if (values.timeZone !== initial.timeZone) body.timeZone = values.timeZone;
  const customFields: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values.customFields)) {
    if (value.trim() !== (initial.customFields[key] ?? '').trim()) customFields[key] = value.trim() || null;
  }
  if (Object.keys(customFields).length) body.customFields = customFields;
  return body;
}

import type { ContactEntry } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { contactValues, createBodyOf, newContactValues, updateBodyOf } from './contact-form-values';

const LIST_A = '0b9c4a52-6a4e-4b8e-9a51-1f7d2c3e4a5b';
const LIST_B = '1c8d5b63-7b5f-4c9f-8b62-2e8e3d4f5b6c';
const fields = [{ key: 'city' }, { key: 'plan' }];

const contact: ContactEntry = {
  id: '2d9e6c74-8c6a-4dae-9c73-3f9f4e5a6c7d',
  phoneNumber: '+14155550123',
  name: 'Maria Lopez',
  tags: ['vip'],
  optedOutAt: null,
  customFields: { city: 'Berlin' },
  timeZone: null,
  listIds: [LIST_A, LIST_B],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastMessageAt: null,
};

describe('a new contact', () => {
  it('sends the number without what people type between digits, and only what was filled in', () => {
    const values = { ...newContactValues(fields), phoneNumber: ' +1 (415) 555-0123 ', name: '  ', tags: ['vip'] };
    values.customFields.plan = 'gold';
    expect(createBodyOf(values)).toEqual({
      phoneNumber: '+14155550123',
      tags: ['vip'],
      customFields: { plan: 'gold' },
    });
  });

  it('asks for an opt-out only when ticked', () => {
    expect(createBodyOf({ ...newContactValues([]), phoneNumber: '+14155550123', optedOut: true })).toEqual({
      phoneNumber: '+14155550123',
      optedOut: true,
    });
  });
});

describe('a change of a contact', () => {
  const initial = contactValues(contact, fields);

  it('fills one input per custom field of the workspace', () => {
    expect(initial.customFields).toEqual({ city: 'Berlin', plan: '' });
  });

  it('sends nothing when nothing changed, lists in another order included', () => {
    expect(updateBodyOf({ ...initial, listIds: [LIST_B, LIST_A] }, initial)).toEqual({});
  });

  it('sends only what changed; a cleared name or field as null', () => {
    const values = {
      ...initial,
      name: ' ',
      tags: ['vip', 'new'],
      timeZone: 'Europe/Berlin',
      customFields: { city: '', plan: 'gold' },
    };
    expect(updateBodyOf(values, initial)).toEqual({
      name: null,
      tags: ['vip', 'new'],
      timeZone: 'Europe/Berlin',
      customFields: { city: null, plan: 'gold' },
    });
  });
});

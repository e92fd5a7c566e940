import { describe, expect, it } from 'vitest';
import { t } from '../test/text';
import { contactValues, newContactValues } from './contact-form-values';
import { checkContactChange, checkNewContact, serverFieldErrors } from './contact-validation';

describe('the contact form, checked with the contract', () => {
  it('asks for a number in international form', () => {
    const checked = checkNewContact({ ...newContactValues([]), phoneNumber: '415 555 0123' }, t);
    expect(checked).toEqual({
      ok: false,
      errors: { phoneNumber: 'Enter a valid number in international format, e.g. +14155550123.' },
    });
  });

  it('passes a good new contact on as the body the server takes', () => {
    const checked = checkNewContact({ ...newContactValues([]), phoneNumber: '+1 415 555 0123', name: ' Ana ' }, t);
    expect(checked).toEqual({ ok: true, data: { phoneNumber: '+14155550123', name: 'Ana' } });
  });

  it('puts each problem on its field, in the user’s language', () => {
    const values = {
      ...newContactValues([{ key: 'city' }]),
      phoneNumber: '+14155550123',
      name: 'x'.repeat(101),
      tags: ['a,b'],
      customFields: { city: 'y'.repeat(501) },
    };
    const checked = checkNewContact(values, t);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual({
      name: 'At most 100 characters.',
      tags: 'A tag has 1 to 32 characters and no comma.',
      'customFields.city': 'At most 500 characters.',
    });
  });

  it('checks a change with the PATCH schema, time zone included', () => {
    const initial = contactValues(
      {
        id: '2d9e6c74-8c6a-4dae-9c73-3f9f4e5a6c7d',
        phoneNumber: '+14155550123',
        name: null,
        tags: [],
        optedOutAt: null,
        customFields: {},
        timeZone: null,
        listIds: [],
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
        lastMessageAt: null,
      },
      [],
    );
    expect(checkContactChange({ ...initial, timeZone: 'Mars/Olympus' }, initial, t)).toEqual({
      ok: false,
      errors: { timeZone: 'Pick a time zone from the list.' },
    });
    expect(checkContactChange({ ...initial, timeZone: 'Asia/Tokyo' }, initial, t)).toEqual({
      ok: true,
      data: { timeZone: 'Asia/Tokyo' },
    });
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(
      serverFieldErrors([
        { path: 'body.customFields.city', message: 'Unknown field' },
        { path: 'body.name', message: 'Too long' },
      ]),
    ).toEqual({ 'customFields.city': 'Unknown field', name: 'Too long' });
  });
});

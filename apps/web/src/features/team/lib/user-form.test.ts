import { describe, expect, it } from 'vitest';
import { aTeamUser } from '../test/fixtures';
import { t } from '../test/text';
import { checkUserChange, serverFieldErrors, updateBodyOf, userFormValues } from './user-form';

const user = aTeamUser({
  username: 'ada',
  company: 'Analytical Engines',
  languagesKnown: ['English'],
  location: { city: 'London', country: 'UK' },
  socialLinks: { github: 'https://github.com/ada' },
});
const initial = userFormValues(user);

describe('the user edit form', () => {
  it('shows missing fields as empty text', () => {
    expect(initial).toMatchObject({ dob: '', gender: '', website: '', department: '' });
    expect(initial.location).toEqual({
      addLine1: '',
      addLine2: '',
      postCode: '',
      city: 'London',
      state: '',
      country: 'UK',
    });
    expect(initial.socialLinks.github).toBe('https://github.com/ada');
    expect(initial.socialLinks.twitter).toBe('');
  });

  it('sends only what changed; an emptied field clears it', () => {
    expect(updateBodyOf(initial, initial)).toEqual({});
    expect(updateBodyOf({ ...initial, company: '  ', mobile: '+44 20 7946 0000' }, initial)).toEqual({
      company: null,
      mobile: '+44 20 7946 0000',
    });
  });

  it('sends the whole address and all social links when a part of them changed', () => {
    const body = updateBodyOf(
      {
        ...initial,
        location: { ...initial.location, city: 'Paris' },
        socialLinks: { ...initial.socialLinks, twitter: 'https://x.com/ada' },
      },
      initial,
    );
    expect(body.location).toEqual({
      addLine1: null,
      addLine2: null,
      postCode: null,
      city: 'Paris',
      state: null,
      country: 'UK',
    });
    expect(body.socialLinks).toMatchObject({
      twitter: 'https://x.com/ada',
      github: 'https://github.com/ada',
      slack: '',
    });
  });

  it('checks with the contract schema and normalises the username', () => {
    const checked = checkUserChange({ ...initial, username: ' Ada.L ', role: 'admin' }, initial, t);
    expect(checked).toEqual({ ok: true, body: { username: 'ada.l', role: 'admin' } });
  });

  it('puts translated problems on their fields', () => {
    const checked = checkUserChange(
      {
        ...initial,
        displayName: ' ',
        username: 'a!',
        website: 'not a url',
        socialLinks: { ...initial.socialLinks, github: 'github.com/ada' },
        location: { ...initial.location, postCode: 'x'.repeat(21) },
      },
      initial,
      t,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      displayName: 'Please enter a name.',
      username: 'A username is 3–30 letters, digits, dots, dashes or underscores.',
      website: 'Please enter a full address, starting with https://',
      'socialLinks.github': 'Please enter a full address, starting with https://',
      'location.postCode': 'At most 20 characters.',
    });
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(
      serverFieldErrors([
        { path: 'body.location.city', message: 'Too long' },
        { path: 'body.username', message: 'Bad' },
      ]),
    ).toEqual({ 'location.city': 'Too long', username: 'Bad' });
  });
});

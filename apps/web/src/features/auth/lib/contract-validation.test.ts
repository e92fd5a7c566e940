import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { contractErrors } from './contract-validation';
import { passwordsMatch, serverFieldErrors } from './validation';

describe('sign-in form validation', () => {
  const en = i18n.getFixedT('en', 'auth');
  const de = i18n.getFixedT('de', 'auth');

  // German is loaded on demand, as in the app; switch back so other tests see English.
  beforeAll(async () => {
    await setLanguage('de');
    await setLanguage('en');
  });

  it('checks a registration with the server’s schema and shows one message per field', () => {
    expect(contractErrors('register', { displayName: ' ', email: 'nope', password: 'short' }, en)).toEqual({
      displayName: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      password: 'The password must be at least 8 characters long.',
    });
  });

  it('speaks the user’s language', () => {
    expect(contractErrors('login', { email: 'a@example.com', password: '' }, de)).toEqual({
      password: 'Bitte geben Sie Ihr Passwort ein.',
    });
  });

  it('accepts valid values', () => {
    expect(contractErrors('login', { email: 'A@Example.com ', password: 'x', rememberMe: false }, en)).toEqual({});
  });

  it('reports a confirmation that differs (spec §5 text)', () => {
    expect(passwordsMatch(en)({ password: 'secret-one', confirmPassword: 'secret-two' })).toEqual({
      confirmPassword: "Password doesn't match. Please try again.",
    });
    expect(passwordsMatch(en)({ password: 'same-secret', confirmPassword: 'same-secret' })).toEqual({});
  });

  it('puts the server’s field errors on the form fields', () => {
    expect(serverFieldErrors([{ path: 'body.displayName', message: 'Please enter your name.' }])).toEqual({
      displayName: 'Please enter your name.',
    });
  });
});

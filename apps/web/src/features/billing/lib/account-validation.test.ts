import { describe, expect, it } from 'vitest';
import type { CheckoutText } from '../checkout-text';
import { EMPTY_ACCOUNT, validateAccount } from './account-validation';

/** The key and its values, so the test sees which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as CheckoutText;

describe('the checkout’s sign-up fields, checked with the contract schema', () => {
  it('names every missing field with its own message', () => {
    const result = validateAccount(EMPTY_ACCOUNT, t);
    expect(result.errors).toEqual({
      firstName: 'validation.firstName',
      lastName: 'validation.lastName',
      company: 'validation.company',
      mobile: 'validation.mobile',
      email: 'validation.email',
      password: 'validation.passwordRequired',
    });
  });

  it('asks for a longer password and a valid e-mail', () => {
    const result = validateAccount(
      {
        ...EMPTY_ACCOUNT,
        firstName: 'A',
        lastName: 'B',
        company: 'C',
        mobile: '+12025550147',
        email: 'nope',
        password: 'short',
      },
      t,
    );
    expect(result.errors).toEqual({ email: 'validation.email', password: 'validation.passwordTooShort {"min":8}' });
  });

  it('gives the account as the server reads it: trimmed, the e-mail in lower case', () => {
    const result = validateAccount(
      {
        firstName: ' Grace ',
        lastName: 'Hopper',
        company: 'Cobol Works',
        mobile: '+12025550147',
        email: ' Grace@Example.COM ',
        password: 'billing-password-1',
      },
      t,
    );
    expect(result.data).toMatchObject({ firstName: 'Grace', email: 'grace@example.com' });
  });
});

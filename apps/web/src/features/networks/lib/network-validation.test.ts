import { describe, expect, it } from 'vitest';
import type { NetworksText } from '../networks-text';
import { anSmppNetwork } from '../../../test/network-fixtures';
import { createBody, emptyFormValues, formValuesOf, updateBody } from './network-form';
import { checkCreateBody, checkTestMessage, checkUpdateBody, serverFieldErrors } from './network-validation';

/** The key and its values, so the tests see which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as NetworksText;

describe('checkCreateBody', () => {
  it('names every missing SMPP field on the form’s own field names', () => {
    const checked = checkCreateBody(createBody('smpp', emptyFormValues('smpp')), t);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      name: 'validation.required',
      address: 'validation.required',
      'smpp.host': 'validation.required',
      'smpp.systemId': 'validation.required',
    });
  });

  it('explains limits with their numbers', () => {
    const values = { ...emptyFormValues('smpp'), name: 'Bind', address: '+14155550188', throughput: 20_000 };
    values.smpp = { ...values.smpp, host: 'h', systemId: 's', password: 'longer-than-8', port: '' };
    const checked = checkCreateBody(createBody('smpp', values), t);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toMatchObject({
      throughput: 'validation.tooBig {"max":10000}',
      'smpp.password': 'validation.tooLong {"max":8}',
      'smpp.port': 'validation.required',
    });
  });

  it('asks for an http(s) address as the API base URL', () => {
    const values = { ...emptyFormValues('http'), name: 'Twilio', address: '+14155550123' };
    values.http = { accountSid: 'AC1', authToken: 'token', apiBaseUrl: 'ftp://example.com' };
    const checked = checkCreateBody(createBody('http', values), t);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toEqual({ 'http.apiBaseUrl': 'validation.url' });
  });

  it('passes a complete body on, trimmed as the server will store it', () => {
    const checked = checkCreateBody({ kind: 'sandbox', name: '  Test phone ' }, t);
    expect(checked).toEqual({ ok: true, data: { kind: 'sandbox', name: 'Test phone' } });
  });
});

describe('checkUpdateBody', () => {
  it('checks the changed settings against the kind’s own schema', () => {
    const network = anSmppNetwork();
    const values = formValuesOf(network);
    values.smpp.port = 70_000;
    values.name = '';
    const checked = checkUpdateBody('smpp', updateBody(network, values), t);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toEqual({ name: 'validation.required', 'smpp.port': 'validation.tooBig {"max":65535}' });
  });

  it('accepts a new secret alone', () => {
    expect(checkUpdateBody('http', { settings: { authToken: 'new' } }, t).ok).toBe(true);
  });
});

describe('checkTestMessage', () => {
  it('refuses a message of only spaces', () => {
    const checked = checkTestMessage({ to: '+14155550123', body: '   ' }, t);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toEqual({ body: 'validation.required' });
  });
});

describe('serverFieldErrors', () => {
  it('puts the server’s field errors on the form, in the code’s translation when there is one', () => {
    const fields = [{ path: 'body.settings.host', message: 'Unknown host.' }];
    expect(serverFieldErrors('smpp', fields)).toEqual({ 'smpp.host': 'Unknown host.' });
    expect(serverFieldErrors(null, [{ path: 'body.to', message: 'Not valid.' }], 'Übersetzt')).toEqual({
      to: 'Übersetzt',
    });
  });
});

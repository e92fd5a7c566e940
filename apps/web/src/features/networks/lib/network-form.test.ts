import { describe, expect, it } from 'vitest';
import { aNetwork, anSmppNetwork } from '../../../test/network-fixtures';
import { createBody, emptyFormValues, formField, formValuesOf, updateBody } from './network-form';

describe('createBody', () => {
  it('sends only the name for the sandbox and Android phones', () => {
    const values = { ...emptyFormValues('android'), name: 'Front desk', address: 'ignored' };
    expect(createBody('android', values)).toEqual({ kind: 'android', name: 'Front desk' });
  });

  it('sends the SMPP settings with numbers, and an empty number field as missing', () => {
    const values = emptyFormValues('smpp');
    values.name = 'Bind';
    values.address = '+14155550188';
    values.smpp = { ...values.smpp, host: 'smsc.example.com', port: '', systemId: 'switch', sourceTon: '5' };
    const body = createBody('smpp', values);
    expect(body).toMatchObject({
      kind: 'smpp',
      throughput: 10,
      settings: { host: 'smsc.example.com', port: undefined, sourceTon: 5, windowSize: 10, longMessages: 'udh' },
    });
  });

  it('sends the HTTP account as the settings, Twilio’s API by default', () => {
    const values = { ...emptyFormValues('http'), name: 'Twilio', address: '+14155550123' };
    values.http = { ...values.http, accountSid: 'AC1', authToken: 'token' };
    expect(createBody('http', values)).toEqual({
      kind: 'http',
      name: 'Twilio',
      address: '+14155550123',
      throughput: 1,
      settings: { accountSid: 'AC1', authToken: 'token', apiBaseUrl: 'https://api.twilio.com' },
    });
  });
});

describe('updateBody', () => {
  it('is empty when nothing changed (the stored secret is not sent back)', () => {
    const network = anSmppNetwork();
    expect(updateBody(network, formValuesOf(network))).toEqual({});
  });

  it('sends only the changed fields', () => {
    const network = anSmppNetwork();
    const values = formValuesOf(network);
    values.name = 'Renamed';
    values.smpp.port = 2776;
    expect(updateBody(network, values)).toEqual({ name: 'Renamed', settings: { port: 2776 } });
  });

  it('sends a secret only when a new one was typed', () => {
    const network = anSmppNetwork();
    const values = formValuesOf(network);
    expect(values.smpp.password).toBe('');
    values.smpp.password = 'new-pw';
    expect(updateBody(network, values)).toEqual({ settings: { password: 'new-pw' } });
  });

  it('never sends settings for a sandbox', () => {
    const network = aNetwork();
    const values = formValuesOf(network);
    values.smpp.host = 'typed by mistake';
    values.throughput = 20;
    expect(updateBody(network, values)).toEqual({ throughput: 20 });
  });
});

describe('formField', () => {
  it('puts a body’s settings path on the kind’s form fields', () => {
    expect(formField('smpp', 'settings.host')).toBe('smpp.host');
    expect(formField('http', 'settings.authToken')).toBe('http.authToken');
    expect(formField('smpp', 'name')).toBe('name');
  });
});

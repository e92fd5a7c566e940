import type { WebhookDeliveriesResponse, WebhookWithSecretResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV1TestBed, type V1TestBed } from '../helpers/api-v1.js';
import { eventually } from '../helpers/expectations.js';

/**
 * Every path that changes a contact's consent records a contact.opted_out / contact.opted_in
 * webhook event. Bulk actions (tags, lists, delete) and CSV imports never change consent, so
 * they record none; a contact an admin creates opted out is an opt-out on record and is announced
 * (the developer API creates contacts opted in only: its opt-out has its own call).
 */
describe('consent webhook events from every path that changes consent', () => {
  let bed: V1TestBed;
  let key: string;
  let endpointId: string;

  const log = async () => {
    const response = await bed.t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpointId}/deliveries?limit=100`,
      headers: bed.admin.authorization,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WebhookDeliveriesResponse>().deliveries;
  };
  const consentEvents = async () =>
    (await log()).filter((d) => d.eventType === 'contact.opted_out' || d.eventType === 'contact.opted_in');
  const waitForCount = async (count: number) => {
    await eventually(async () => (await consentEvents()).length >= count, `${count} consent events`);
    return consentEvents();
  };

  beforeAll(async () => {
    bed = await createV1TestBed('webhook-consent', { ALLOW_INSECURE_WEBHOOKS: '1' });
    key = await bed.newKey(bed.admin, ['contacts:write', 'contacts:read']);
    const created = await bed.t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bed.admin.authorization,
      payload: { url: 'http://127.0.0.1:9/consent', events: ['contact.opted_out', 'contact.opted_in'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    endpointId = created.json<WebhookWithSecretResponse>().webhook.id;
  });
  afterAll(() => bed.close());

  it('records an opt-out for a contact an admin creates opted out', async () => {
    const created = await bed.t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bed.admin.authorization,
      payload: { phoneNumber: '+12025550171', optedOut: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [event] = await waitForCount(1);
    expect(event!.eventType).toBe('contact.opted_out');
  });

  it('records an opt-in and an opt-out through the API, and nothing for a contact created opted in or a bulk tag', async () => {
    const created = await bed.call(key, 'POST', '/api/v1/contacts', { phoneNumber: '+12025550174' });
    const { id } = created.json<{ contact: { id: string } }>().contact;
    const tagged = await bed.t.app.inject({
      method: 'POST',
      url: '/api/contacts/bulk',
      headers: bed.admin.authorization,
      payload: { action: 'tag', tag: 'vip', selection: { ids: [id] } },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await bed.call(key, 'POST', `/api/v1/contacts/${id}/opt-out`)).statusCode).toBe(200);
    await waitForCount(2);
    expect((await bed.call(key, 'POST', `/api/v1/contacts/${id}/opt-in`)).statusCode).toBe(200);
    const events = await waitForCount(3);
    expect(events.map((e) => e.eventType).sort()).toEqual([
      'contact.opted_in',
      'contact.opted_out',
      'contact.opted_out',
    ]);
  });
});

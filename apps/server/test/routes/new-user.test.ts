import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const payload = {
  displayName: 'Ada Lovelace',
  email: 'ada@acme.example',
  company: 'Acme Messaging',
  mobile: '+44 20 7946 0000',
  country: 'United Kingdom',
  plan: 'pro',
  billingPeriod: 12,
};

describe('POST /api/new_user', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'ada@acme.example', 'Ada Lovelace');
  });
  afterAll(() => t.close());

  const newUser = (headers: Record<string, string>, body: object = { payload }) =>
    t.app.inject({ method: 'POST', url: '/api/new_user', headers, payload: body });

  it('answers 401 without a token, before looking at the body', async () => {
    expectErrorBody(await newUser({}), 401, 'UNAUTHENTICATED');
    expectErrorBody(await newUser({}, { nonsense: true }), 401, 'UNAUTHENTICATED');
  });

  it('stores the registration details on the admin’s workspace and answers 200 with it', async () => {
    const response = await newUser(admin.authorization);
    expect(response.statusCode).toBe(200);
    const { workspace } = response.json<{ workspace: Record<string, unknown> }>();
    expect(Object.keys(workspace).sort()).toEqual(['createdAt', 'id', 'name', 'planId', 'registration', 'timeZone']);
    // The registration's `plan` is what the person chose; the plan itself changes with billing.
    expect(workspace).toMatchObject({
      id: admin.userData.workspaceId,
      name: 'Acme Messaging',
      registration: payload,
      planId: 'starter',
      timeZone: 'UTC',
    });
    expect(new Date(workspace.createdAt as string).toString()).not.toBe('Invalid Date');
  });

  it('is idempotent: the same payload twice gives the same workspace', async () => {
    const first = await newUser(admin.authorization);
    const second = await newUser(admin.authorization);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json<{ workspace: { id: string; name: string } }>().workspace).toMatchObject({
      id: admin.userData.workspaceId,
      name: payload.company,
    });
  });

  it('keeps unknown registration keys as given', async () => {
    const response = await newUser(admin.authorization, { payload: { ...payload, referral: 'newsletter' } });
    expect(response.json()).toMatchObject({ workspace: { registration: { referral: 'newsletter' } } });
  });

  it('keeps the current workspace name when no company is given', async () => {
    await newUser(admin.authorization);
    const response = await newUser(admin.authorization, { payload: { company: '   ', mobile: '+1 555 0100' } });
    expect(response.json()).toMatchObject({
      workspace: { name: 'Acme Messaging', registration: { mobile: '+1 555 0100' } },
    });
  });

  it('lets the admin of another workspace change only their own workspace', async () => {
    await newUser(admin.authorization);
    const other = await register(t.app, 'grace@other.example', 'Grace Hopper');
    const response = await newUser(other.authorization, { payload: { company: 'Other Corp' } });
    expect(response.json()).toMatchObject({ workspace: { id: other.userData.workspaceId, name: 'Other Corp' } });
    expect(other.userData.workspaceId).not.toBe(admin.userData.workspaceId);
    const mine = await newUser(admin.authorization);
    expect(mine.json()).toMatchObject({ workspace: { id: admin.userData.workspaceId, name: 'Acme Messaging' } });
  });

  it('refuses a payload that breaks the schema with 400 naming the field', async () => {
    const response = await newUser(admin.authorization, { payload: { billingPeriod: 'monthly' } });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.fields?.[0]?.path).toBe('body.payload.billingPeriod');
    expectErrorBody(await newUser(admin.authorization, {}), 400, 'VALIDATION_FAILED');
  });
});

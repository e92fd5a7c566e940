import type {
  AutoReplyRule,
  AutoReplyRuleList,
  CreateAutoReplyRuleBody,
  NetworksResponse,
  TryAutoReplyResult,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordRule } from '../helpers/auto-reply-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('the auto-reply rules API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;
  let strangerNetworkId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@rules.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@rules.example', 'editor');
    editor = await login(t.app, 'editor@rules.example');
    stranger = await register(t.app, 'owner@other-rules.example');
    const networksOf = async (who: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/api/networks', headers: who.authorization })).json<NetworksResponse>()
        .networks;
    sandboxId = (await networksOf(admin))[0]!.id;
    strangerNetworkId = (await networksOf(stranger))[0]!.id;
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.authorization, payload: payload as object });
  const create = async (body: CreateAutoReplyRuleBody, who = admin) => {
    const response = await call(who, 'POST', '/api/auto-reply/rules', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AutoReplyRule>();
  };
  const rulesOf = async (who: SignedIn) =>
    (await call(who, 'GET', '/api/auto-reply/rules')).json<AutoReplyRuleList>().rules;

  // The rules (defaults, order, edits, the period and network checks, the hourly limit, "Try a
  // message", deleted networks) are tested in test/services/auto-reply-rules.test.ts; here: what
  // the routes answer, validation, roles and isolation.
  it('answers a new rule with 201 and its defaults, and lists it', async () => {
    const first = await create(keywordRule());
    const second = await create(keywordRule({ name: 'Everything', trigger: { type: 'any' } }));
    expect(first).toMatchObject({ name: 'Prices', enabled: true, cooldownMinutes: 60, timeZone: 'UTC' });
    expect((await rulesOf(admin)).map((r) => r.id)).toEqual([first.id, second.id]);
  });
  it('refuses a pattern that backtracks catastrophically, and one that does not compile', async () => {
    const response = await call(
      admin,
      'POST',
      '/api/auto-reply/rules',
      keywordRule({ trigger: { type: 'keyword', match: 'regex', keywords: ['^(a+)+$', 'price(', 'ok'] } }),
    );
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.fields?.map((f) => f.path)).toEqual(['body.trigger.keywords.0', 'body.trigger.keywords.1']);
    expect(body.fields?.[0]?.message).toMatch(/very long/);
    expect(body.fields?.[1]?.message).toMatch(/Not a valid regular expression/);
  });

  it('refuses a pattern longer than the limit', async () => {
    const response = await call(
      admin,
      'POST',
      '/api/auto-reply/rules',
      keywordRule({ trigger: { type: 'keyword', match: 'regex', keywords: ['a'.repeat(201)] } }),
    );
    expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').fields?.[0]?.message).toMatch(/at most 200/i);
  });

  it('refuses an unknown variable and names it', async () => {
    const response = await call(admin, 'POST', '/api/auto-reply/rules', keywordRule({ replyText: 'Hi {first_name}!' }));
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.fields).toEqual([{ path: 'body.replyText', message: expect.stringContaining('{first_name}') }]);
  });

  it('refuses an empty keyword list, a blank keyword and one of punctuation only', async () => {
    for (const keywords of [[], ['  '], ['?!']]) {
      const response = await call(
        admin,
        'POST',
        '/api/auto-reply/rules',
        keywordRule({ trigger: { type: 'keyword', match: 'contains', keywords } }),
      );
      expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').fields?.[0]?.path).toMatch(/^body\.trigger\.keywords/);
    }
  });

  it('refuses an unknown time zone, dates out of order and a chosen-networks rule without networks', async () => {
    const cases: [Partial<CreateAutoReplyRuleBody>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'body.timeZone'],
      [{ activeFrom: '2026-12-31', activeUntil: '2026-12-01' }, 'body.activeUntil'],
      [{ allNetworks: false, networkIds: [] }, 'body.networkIds'],
    ];
    for (const [overrides, path] of cases) {
      const response = await call(admin, 'POST', '/api/auto-reply/rules', keywordRule(overrides));
      expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').fields?.[0]?.path).toBe(path);
    }
  });

  it('refuses another workspace’s network', async () => {
    const response = await call(
      admin,
      'POST',
      '/api/auto-reply/rules',
      keywordRule({ allNetworks: false, networkIds: [sandboxId, strangerNetworkId] }),
    );
    expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').fields?.[0]?.path).toBe('body.networkIds.1');
  });

  it('keeps workspaces apart: another admin neither lists, reads, changes nor deletes the rule', async () => {
    const rule = await create(keywordRule({ name: 'Private' }));
    expect((await rulesOf(stranger)).map((r) => r.id)).not.toContain(rule.id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(stranger, method, `/api/auto-reply/rules/${rule.id}`, payload);
      expectErrorBody(response, 404, 'NOT_FOUND');
    }
    const order = await call(stranger, 'PUT', '/api/auto-reply/order', { ruleIds: [rule.id] });
    expectErrorBody(order, 400, 'VALIDATION_FAILED');
    const tried = await call(stranger, 'POST', '/api/auto-reply/try', {
      networkId: sandboxId,
      from: '+14155550100',
      text: 'x',
    });
    expectErrorBody(tried, 404, 'NOT_FOUND');
    expect((await call(admin, 'GET', `/api/auto-reply/rules/${rule.id}`)).json<AutoReplyRule>().enabled).toBe(true);
  });

  it('answers an editor with 403 on every route', async () => {
    const id = (await rulesOf(admin))[0]!.id;
    const routes: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/api/auto-reply/rules'],
      ['POST', '/api/auto-reply/rules', keywordRule()],
      ['GET', `/api/auto-reply/rules/${id}`],
      ['PATCH', `/api/auto-reply/rules/${id}`, { enabled: false }],
      ['DELETE', `/api/auto-reply/rules/${id}`],
      ['PUT', '/api/auto-reply/order', { ruleIds: [id] }],
      ['GET', '/api/auto-reply/settings'],
      ['PATCH', '/api/auto-reply/settings', { hourlyLimit: 3 }],
      ['POST', '/api/auto-reply/try', { networkId: sandboxId, from: '+14155550100', text: 'PRICE' }],
    ];
    for (const [method, url, payload] of routes)
      expectErrorBody(await call(editor, method, url, payload), 403, 'FORBIDDEN');
  });

  it('answers a change with the rule, 400 to a period out of order, and a deletion with 204', async () => {
    const rule = await create(keywordRule({ name: 'Temporary' }));
    const off = await call(admin, 'PATCH', `/api/auto-reply/rules/${rule.id}`, {
      enabled: false,
      activeFrom: '2026-01-01',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AutoReplyRule>()).toMatchObject({ enabled: false, name: 'Temporary' });
    const outOfOrder = await call(admin, 'PATCH', `/api/auto-reply/rules/${rule.id}`, { activeUntil: '2025-12-31' });
    expect(expectErrorBody(outOfOrder, 400, 'VALIDATION_FAILED').fields?.[0]?.path).toBe('body.activeUntil');
    expect((await call(admin, 'DELETE', `/api/auto-reply/rules/${rule.id}`)).statusCode).toBe(204);
    expectErrorBody(await call(admin, 'GET', `/api/auto-reply/rules/${rule.id}`), 404, 'NOT_FOUND');
  });
  it('answers a new order with the rules, and 400 to an order that leaves one out', async () => {
    const ids = (await rulesOf(admin)).map((r) => r.id);
    const reversed = [...ids].reverse();
    const response = await call(admin, 'PUT', '/api/auto-reply/order', { ruleIds: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AutoReplyRuleList>().rules.map((r) => r.id)).toEqual(reversed);
    expectErrorBody(
      await call(admin, 'PUT', '/api/auto-reply/order', { ruleIds: reversed.slice(1) }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(await call(admin, 'PUT', '/api/auto-reply/order', { ruleIds: ['nope'] }), 400, 'VALIDATION_FAILED');
  });
  it('reads and changes the hourly limit, within 1–100', async () => {
    expect((await call(admin, 'GET', '/api/auto-reply/settings')).json()).toEqual({ hourlyLimit: 5 });
    expect((await call(admin, 'PATCH', '/api/auto-reply/settings', { hourlyLimit: 3 })).json()).toEqual({
      hourlyLimit: 3,
    });
    expectErrorBody(
      await call(admin, 'PATCH', '/api/auto-reply/settings', { hourlyLimit: 0 }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await call(stranger, 'GET', '/api/auto-reply/settings')).json()).toEqual({ hourlyLimit: 5 });
  });

  it('answers "Try a message" with 200 and the result, 400 to a body without a network', async () => {
    const response = await call(admin, 'POST', '/api/auto-reply/try', {
      networkId: sandboxId,
      from: '+14155550177',
      text: 'price?',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TryAutoReplyResult>()).toMatchObject({ outcome: 'reply', encoding: 'GSM-7', segments: 1 });
    expectErrorBody(
      await call(admin, 'POST', '/api/auto-reply/try', { from: '+14155550177', text: 'price?' }),
      400,
      'VALIDATION_FAILED',
    );
  });
  it('answers 404 for a rule id that does not exist and 400 for one that is not a uuid', async () => {
    expectErrorBody(
      await call(admin, 'GET', '/api/auto-reply/rules/6b3f1d7e-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(await call(admin, 'GET', '/api/auto-reply/rules/nope'), 400, 'VALIDATION_FAILED');
  });
});

import {
  DEFAULT_AUTO_REPLY_HOURLY_LIMIT,
  type AutoReplyRule,
  type Network,
  type NetworkResponse,
  type TryAutoReplyResult,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { startFakeCarrier, type FakeCarrier } from '../helpers/fake-carrier.js';
import { sleep, socketClients, waitUntil, type Recorder } from '../helpers/socket-clients.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://sb.example.com';
/** Longer than the dispatcher's idle poll (1 s): a queued reply would have gone out by then. */
const QUIET_MS = 1_500;
const LIMIT = DEFAULT_AUTO_REPLY_HOURLY_LIMIT;

/** A workspace with an HTTP network on the shared carrier and a rule that answers every message. */
interface Side {
  admin: SignedIn;
  network: Network;
  number: string;
  reply: string;
  rule: AutoReplyRule;
  fired: Recorder<'auto-reply.fired'>;
}

describe('two workspaces whose any-message rules answer each other over a carrier', () => {
  let t: TestApp;
  let carrier: FakeCarrier;
  let events: Awaited<ReturnType<typeof socketClients>>;
  let alpha: Side;
  let beta: Side;

  async function openSide(name: string, number: string): Promise<Side> {
    const admin = await register(t.app, `owner@${name.toLowerCase()}.example`, `${name} owner`);
    const { apiBaseUrl, accountSid, authToken } = carrier.openAccount();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'http', name, address: number, settings: { accountSid, authToken, apiBaseUrl } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const network = created.json<NetworkResponse>().network;
    // What the admin does in the provider's console: the number's webhook is the URL the network shows.
    const { smsWebhookUrl } = network.settings as { smsWebhookUrl: string };
    expect(smsWebhookUrl).toBe(`${PUBLIC_URL}/hooks/twilio/${network.id}/sms`);
    carrier.assignNumber(accountSid, number, smsWebhookUrl);

    const reply = `Thanks for writing to ${name}, we will get back to you.`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auto-reply/rules',
      headers: admin.authorization,
      // No cooldown: only the hourly guard can stop the loop.
      payload: { name: 'Answer everything', trigger: { type: 'any' }, replyText: reply, cooldownMinutes: 0 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const fired = await events.connectAs(admin, 'auto-reply.fired');
    return { admin, network, number, reply, rule: response.json<AutoReplyRule>(), fired };
  }

  beforeAll(async () => {
    carrier = await startFakeCarrier();
    t = await createTestApp({ PUBLIC_URL });
    events = await socketClients(t);
    // The carrier calls PUBLIC_URL; here the server behind it listens on a loopback port.
    carrier.route(PUBLIC_URL, events.url);
    alpha = await openSide('Alpha', '+12025550141');
    beta = await openSide('Beta', '+13125550142');
  });
  afterAll(async () => {
    await events?.closeAll();
    await t?.close();
    await carrier?.close();
  });

  const sentFrom = (side: Side) => carrier.sent.filter((m) => m.from === side.number).map((m) => m.body);
  const storedCounts = async (side: Side) => {
    const [row] = await queryRows<{ auto_replies: number; inbound: number; pending: number }>(
      t.app.database.db,
      sql`select count(*) filter (where direction = 'out' and origin = 'auto-reply')::int as auto_replies,
          count(*) filter (where direction = 'in')::int as inbound,
          count(*) filter (where state in ('queued', 'sending'))::int as pending
        from messages where workspace_id = ${side.admin.userData.workspaceId}`,
    );
    return row;
  };
  const ruleNow = async (side: Side) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/auto-reply/rules/${side.rule.id}`,
        headers: side.admin.authorization,
      })
    ).json<AutoReplyRule>();

  it(`stops answering after ${LIMIT} auto-replies an hour on each side`, { timeout: 60_000 }, async () => {
    const opening = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: alpha.admin.authorization,
      payload: { networkId: alpha.network.id, to: beta.number, body: 'Hello Beta, this is Alpha.' },
    });
    expect(opening.statusCode, opening.body).toBe(201);

    // The opening and five answers from each side; then quiet, so any extra message would show.
    const expected = 1 + 2 * LIMIT;
    await waitUntil(
      () => (carrier.sent.length >= expected ? true : undefined),
      () => `the carrier carried ${carrier.sent.length} of ${expected} messages`,
      20_000,
    );
    await carrier.waitUntilQuiet(QUIET_MS);
    // Ping-pong through the carrier: Alpha's opening, then each side answers the other until
    // Beta has answered Alpha's number five times and Alpha has answered Beta's five times.
    expect(carrier.sent.map((m) => (m.from === alpha.number ? 'alpha' : 'beta'))).toEqual([
      'alpha',
      ...Array.from({ length: LIMIT }, () => ['beta', 'alpha']).flat(),
    ]);
    expect(sentFrom(alpha)).toEqual(['Hello Beta, this is Alpha.', ...Array<string>(LIMIT).fill(alpha.reply)]);
    expect(sentFrom(beta)).toEqual(Array<string>(LIMIT).fill(beta.reply));
    expect(carrier.sent.every((m) => m.to === (m.from === alpha.number ? beta.number : alpha.number))).toBe(true);
    expect(carrier.deliveries.map((d) => d.status)).toEqual(carrier.sent.map(() => 200));

    expect(await storedCounts(alpha)).toEqual({ auto_replies: LIMIT, inbound: LIMIT, pending: 0 });
    expect(await storedCounts(beta)).toEqual({ auto_replies: LIMIT, inbound: LIMIT + 1, pending: 0 });

    // The rules count exactly the replies that left through the carrier, and said so live.
    for (const side of [alpha, beta]) {
      const rule = await ruleNow(side);
      expect(rule.firedCount).toBe(sentFrom(side).filter((body) => body === side.reply).length);
      await waitUntil(
        () => (side.fired.seen.length >= LIMIT ? true : undefined),
        () => `${side.network.name} saw ${side.fired.seen.length} auto-reply.fired events`,
      );
      expect(side.fired.seen.map((e) => e.firedCount)).toEqual(Array.from({ length: LIMIT }, (_, i) => i + 1));
      expect(side.fired.seen.at(-1)).toEqual({ ruleId: rule.id, firedCount: LIMIT, lastFiredAt: rule.lastFiredAt });
    }

    // Beta got Alpha's last answer and held back: the hourly guard, as the Try box explains.
    const tried = await t.app.inject({
      method: 'POST',
      url: '/api/auto-reply/try',
      headers: beta.admin.authorization,
      payload: { networkId: beta.network.id, from: alpha.number, text: alpha.reply },
    });
    expect(tried.json<TryAutoReplyResult>()).toMatchObject({ outcome: 'none', reason: 'hourly-limit' });

    // And it stays stopped: nothing more goes out, nothing waits to go out.
    const settled = carrier.sent.length;
    await sleep(2 * QUIET_MS);
    expect(carrier.sent).toHaveLength(settled);
    for (const side of [alpha, beta]) {
      expect((await storedCounts(side))?.pending).toBe(0);
      expect((await ruleNow(side)).firedCount).toBe(LIMIT);
    }
  });
});

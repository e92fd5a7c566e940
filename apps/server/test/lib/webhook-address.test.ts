import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedAddress, resolveSafeAddress } from '../../src/modules/webhooks/webhook-address.js';
import { retryDelayMs } from '../../src/modules/webhooks/webhook-dispatcher.js';
import { signatureHeader } from '../../src/modules/webhooks/webhook-sender.js';

describe('webhook addresses', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not an address', false],
  ])('%s is allowed: %s', (address, allowed) => {
    expect(isAllowedAddress(address, false)).toBe(allowed);
  });

  it('allows loopback, and only loopback, when insecure webhooks are allowed', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
  });

  it('checks URLs when saved: https, no credentials, no private literal', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in', false).host).toBe('hooks.example.com');
    expect(checkWebhookUrl('http://127.0.0.1:3000/in', true).port).toBe('3000');
    expect(checkWebhookUrl('http://localhost:3000/in', true).hostname).toBe('localhost');
    const refused = expect.objectContaining({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    for (const url of ['http://hooks.example.com/', 'http://10.0.0.1/', 'https://user:pw@hooks.example.com/'])
      expect(() => checkWebhookUrl(url, true), url).toThrow(refused);
    // Loopback in any spelling (the URL parser normalises 0x7f.1 to 127.0.0.1) without the setting.
    for (const url of ['https://[::1]/', 'https://[::ffff:7f00:1]/', 'https://0x7f.1/', 'https://localhost/'])
      expect(() => checkWebhookUrl(url, false), url).toThrow(refused);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolver = async () => ['93.184.215.14', '192.168.0.7'];
    await expect(resolveSafeAddress(new URL('https://mixed.test/'), resolver, false)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
    });
    await expect(resolveSafeAddress(new URL('https://ok.test/'), async () => ['93.184.215.14'], false)).resolves.toBe(
      '93.184.215.14',
    );
  });
});

describe('webhook signatures and retries', () => {
  it('signs t.body with every secret', () => {
    const header = signatureHeader('{"a":1}', ['whsec_new', 'whsec_old'], 1_800_000_000);
    const hmac = (secret: string) => createHmac('sha256', secret).update('1800000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1800000000,v1=${hmac('whsec_new')},v1=${hmac('whsec_old')}`);
  });

  it('backs off exponentially with ±20 % jitter, the eighth try about a day after the first', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(3, 1000, () => 0.5)).toBe(4000);
    expect(retryDelayMs(3, 1000, () => 0)).toBe(3200);
    expect(retryDelayMs(3, 1000, () => 1)).toBe(4800);
    const base = 11 * 60_000;
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((sum, attempt) => sum + retryDelayMs(attempt, base, () => 0.5), 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});

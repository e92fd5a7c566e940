import { describe, expect, it } from 'vitest';
import { serverUrls } from './server-urls';

describe('serverUrls', () => {
  it('builds both APIs on the page origin when no Android network names the server', () => {
    expect(serverUrls('http://127.0.0.1:5123')).toEqual({
      mobile: 'http://127.0.0.1:5123/api/mobile/v1',
      thirdParty: 'http://127.0.0.1:5123/api/3rdparty/v1',
      https: false,
    });
  });

  it("prefers the server's public address from an Android network's API URL (behind a proxy)", () => {
    expect(serverUrls('http://10.0.0.5:5000', 'https://sms.example.com/switchboard/api/mobile/v1')).toEqual({
      mobile: 'https://sms.example.com/switchboard/api/mobile/v1',
      thirdParty: 'https://sms.example.com/switchboard/api/3rdparty/v1',
      https: true,
    });
  });

  it('ignores an API URL of another shape and a trailing slash', () => {
    expect(serverUrls('https://app.example.com/', 'https://elsewhere.example.com/v2').mobile).toBe(
      'https://app.example.com/api/mobile/v1',
    );
  });
});

import autocannon from 'autocannon';
import twilio from 'twilio';

export interface FloodOptions {
  /** The server's base URL (each server validates signatures against its own PUBLIC_URL). */
  url: string;
  networkId: string;
  authToken: string;
  connections: number;
  seconds: number;
  /** One message in 1/keywordShare asks for the price (the bench rules answer it); 0: none. */
  keywordShare: number;
  /** Requests per second from all connections together (open loop); unset: each connection sends as soon as answered. */
  rate?: number;
  /** Makes MessageSids unique when several floods hit one network at once. */
  sidPrefix?: string;
  /**
   * The exchange of the numbers that ask for the price (+1 202 <askers> xxxx; 557 unless set): each
   * asks once, so no rule's 60-minute cooldown keeps its answer back. A second flood on the same
   * network sets its own, or its askers would be the first one's, all in their cooldown.
   */
  askers?: string;
}

/** Posts signed Twilio "a message comes in" webhooks, a new SMS each, for `seconds`. */
export function floodTwilio(options: FloodOptions): Promise<autocannon.Result> {
  const signedUrl = `${options.url}/hooks/twilio/${options.networkId}/sms`;
  const prefix = (options.sidPrefix ?? '') + options.networkId.slice(0, 4);
  const every = options.keywordShare > 0 ? Math.round(1 / options.keywordShare) : 0;
  let sequence = 0;
  return autocannon({
    url: signedUrl,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate && { overallRate: options.rate }),
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          // With rules, the last rule answers a price question; the rest are asked of all 50 rules and match none.
          const asksPrice = every > 0 && sequence % every === 0;
          const params = {
            MessageSid: `SM${prefix}${sequence.toString().padStart(32 - prefix.length, '0')}`,
            AccountSid: 'ACbench',
            // 5,000 senders: most messages land in an existing conversation, as in real traffic.
            // A price question comes from a new customer each time (see `askers`).
            From: asksPrice
              ? `+1202${options.askers ?? '557'}${(sequence / every).toString().padStart(4, '0')}`
              : `+1202555${(sequence % 5_000).toString().padStart(4, '0')}`,
            To: '+14155550100',
            Body: asksPrice ? `price? (${sequence})` : `Benchmark message ${sequence}: is the order ready?`,
            NumMedia: '0',
          };
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-twilio-signature': twilio.getExpectedTwilioSignature(options.authToken, signedUrl, params),
            },
            body: new URLSearchParams(params).toString(),
          };
        },
      },
    ],
  });
}

import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/app-error.js';

/** Resolves a host name to every address it has (node:dns's lookup; a test passes its own). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether the server may connect to this address. Only ipaddr.js's `unicast` range (public
 * addresses) is allowed: private, loopback, link-local (the cloud metadata service at
 * 169.254.169.254 among them), CGNAT, multicast, reserved, unique-local and the IPv6 ranges that
 * embed an IPv4 address (6to4, Teredo, NAT64) are refused; an IPv4-mapped IPv6 address is judged
 * as its IPv4 address. Loopback passes only when `allowLoopback` (ALLOW_INSECURE_WEBHOOKS=1).
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const refuse = (why: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', why);

/** The host of a URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * What can be checked without the network, when an endpoint is saved: https (http only to a
 * loopback address when insecure webhooks are allowed), no credentials, and an address literal
 * that is allowed. Names are resolved and checked again before every delivery.
 */
export function checkWebhookUrl(raw: string, allowInsecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The webhook URL is not a valid URL.', [
      { path: 'body.url', message: 'must be a URL' },
    ]);
  }
  if (url.username || url.password) throw refuse('A webhook URL may not carry a user name or password.');
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  const loopback = host === 'localhost' || (literal && isLoopback(host));
  if (url.protocol === 'http:') {
    if (!(allowInsecure && loopback))
      throw refuse('A webhook URL must use https (http only to a loopback address when ALLOW_INSECURE_WEBHOOKS=1).');
  } else if (url.protocol !== 'https:') {
    throw refuse('A webhook URL must use https.');
  }
  if (literal && !isAllowedAddress(host, allowInsecure))
    throw refuse(`The webhook URL names an address the server does not call (${host}).`);
  if (host === 'localhost' && !allowInsecure) throw refuse('The webhook URL names a loopback host.');
  return url;
}

function isLoopback(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'loopback';
}

/**
 * The address to connect to: the URL's host resolved, every address checked (one bad address
 * refuses the whole name: DNS may answer differently on the next lookup), the first returned.
 * The request is then pinned to it, so a second lookup cannot swap in a private address.
 */
export async function resolveSafeAddress(url: URL, resolver: Resolver, allowLoopback: boolean): Promise<string> {
  const host = bareHost(url);
  const addresses = ipaddr.isValid(host) ? [host] : await resolver(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  const refused = addresses.find((address) => !isAllowedAddress(address, allowLoopback));
  if (refused) throw refuse(`${host} resolves to an address the server does not call (${refused}).`);
  return addresses[0]!;
}

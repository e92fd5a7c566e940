import { BlockList, isIP } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, a dual-stack socket's view) as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * A key's allowed ranges (CIDR or single addresses, checked by the contract) as Node's BlockList;
 * null when the key has none (accepted from anywhere).
 */
export function allowListOf(ranges: string[]): BlockList | null {
  if (ranges.length === 0) return null;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plainAddress(address), family);
    else list.addSubnet(plainAddress(address), Number(prefix), family);
  }
  return list;
}

/** Whether the client address is in the list (a null list allows every address). */
export function isAllowed(list: BlockList | null, ip: string): boolean {
  if (!list) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

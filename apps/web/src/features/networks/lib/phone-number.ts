/**
 * The virtual phone's default number: one of the fictional 555-0101…0199 numbers (reserved for
 * fiction in North America), fixed per network so a reload keeps the same thread. 555-0100 is
 * left out: the sandbox itself sends from +1 202 555 0100.
 */
export function defaultPhoneNumber(networkId: string): string {
  let hash = 0;
  for (const char of networkId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `+12025550${101 + (hash % 99)}`;
}

/**
 * The `next` link of a v1 page: the same path and filters, with the next page's cursor (a
 * developer follows it as it is; filters with no value are left out).
 */
export function nextLink(path: string, query: Record<string, unknown>, cursor: string | null): string | null {
  if (!cursor) return null;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, cursor })) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  return `${path}?${params.toString()}`;
}

/** Raw `row_to_json` rows (snake_case, timestamps as text) → Drizzle-shaped rows. */
export function camelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in row) out[camelKey(key)] = row[key];
  return out as T;
}

// Pages map thousands of rows with the same few dozen column names.
const camelKeys = new Map<string, string>();
function camelKey(key: string): string {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camelKeys.size < 1000) camelKeys.set(key, camel);
  }
  return camel;
}

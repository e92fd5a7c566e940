/**
 * The constraint a statement broke with a unique violation (SQLSTATE 23505), or undefined for any
 * other error. Drizzle wraps the driver's error in `cause`; PGlite and node-postgres both name the
 * constraint (or unique index) in `constraint`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.cause?.code ? e.cause : e;
  if (pgError?.code !== '23505') return undefined;
  return pgError.constraint ?? '';
}

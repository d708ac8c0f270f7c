// Recognising database errors that are answers, not faults.

/** A unique constraint refused the row (PostgreSQL 23505), optionally a named one. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

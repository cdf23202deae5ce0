/**
 * A unique index refused the row (SQLSTATE 23505): two writers raced for one name, or the name is taken. The
 * driver's error carries the code itself, or as the `cause` of the query error Drizzle wraps it in.
 */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' ||
    (err as { cause?: { code?: string } }).cause?.code === '23505');

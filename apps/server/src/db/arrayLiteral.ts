/**
 * A PostgreSQL array literal (`{1,2,3}`) for a parameter of type `int[]`, `date[]`, `timestamptz[]` or `text[]`,
 * made with one join. The driver's own conversion of a JavaScript array quotes and escapes element by element
 * and allocated more than the rest of an ingest commit together; the ingest's arrays hold only numbers and
 * plain tokens. Strings must therefore be plain: no quote, comma, brace, backslash, whitespace, and not `NULL`
 * (ISO times and dates, serial-like words). Null elements are written as NULL.
 */
export function arrayLiteral(values: readonly (number | string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
}

/**
 * Text that a spreadsheet would read as a formula when the file is opened or re-saved: a cell beginning with
 * `=`, `+`, `-` or `@` (or a tab or carriage return before one), as a name, an address or a remark anybody typed
 * may. `=HYPERLINK(...)` or `=cmd|...` in a user's name must reach the reader of an export as text. A lone sign
 * ("-", "+") and a number written as text ("-12.5", "+3 %") are no formula and stay as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]\d+(?:\.\d+)?(?:\s?%)?$/;

/** `text` as an export writes it: with a leading apostrophe when it could start a formula (OWASP's advice). */
export function spreadsheetText(text: string): string {
  return text.length > 1 && FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

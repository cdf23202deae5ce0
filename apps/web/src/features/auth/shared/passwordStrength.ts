/**
 * The strength rule of spec §5: at least 8 characters with a digit, a letter and a special character. The
 * server applies the same rule at sign-in (`weakPassword`); the change-password form asks for it up front so
 * that a changed password never triggers the warning again.
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 && /\d/.test(password) && /[A-Za-z]/.test(password) && /[^A-Za-z0-9]/.test(password)
  );
}

/**
 * The `redirect` query parameter after sign-in, kept inside the console: an absolute URL or `//host` would send
 * the user to another site (open redirect), and going back to sign-in pages makes no sense.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/(login|register|changePwd|forgetPwd|auth-redirect)(\/|\?|$)/.test(value)) return '/';
  return value;
}

import Cookies from 'js-cookie';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The cookie the server reads too, so that its messages follow the console's language (docs/api-accounts.md). */
export const LANGUAGE_COOKIE = 'language';
export const DEFAULT_LANGUAGE: Language = 'zh';

export const isLanguage = (v: unknown): v is Language => v === 'zh' || v === 'en';

/**
 * The stored language as this page read or last wrote it. Every request names the language, and reading the
 * cookie asks the browser's cookie store each time: it is read once. (Another tab's switch shows here at the next
 * load, as it does in the strings this page shows.)
 */
let known: Language | undefined;

/** The stored language, zh when none or an unknown value is stored (spec §1). */
export function storedLanguage(): Language {
  if (known === undefined) {
    const v = Cookies.get(LANGUAGE_COOKIE);
    known = isLanguage(v) ? v : DEFAULT_LANGUAGE;
  }
  return known;
}

export function storeLanguage(lang: Language): void {
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'Lax', path: '/' });
  known = lang;
}

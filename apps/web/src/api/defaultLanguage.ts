import Cookies from 'js-cookie';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../i18n/language.ts';
import { askPublicSettingsEarly } from './publicSettingsCall.ts';

/**
 * A browser that never chose a language starts in the platform's default language (the system screen); one that
 * chose keeps its choice (spec §1: the language is kept in a cookie). Failure leaves the built-in zh. The layout's
 * settings then come from the same answer (`fetchPublicSettings`).
 */
export async function applyDefaultLanguage(): Promise<void> {
  if (Cookies.get(LANGUAGE_COOKIE)) return;
  try {
    const lang: unknown = (await askPublicSettingsEarly()).defaultLanguage;
    if (isLanguage(lang) && lang !== i18n.language) await changeLanguage(lang);
  } catch {
    // The console works in its built-in language.
  }
}

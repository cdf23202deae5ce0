import Cookies from 'js-cookie';
import { endpointPath, SYSTEM_CALLS } from '@solarops/contracts';
import { API_BASE } from '../config/settings.ts';
import { changeLanguage, i18n } from '../i18n/i18n.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../i18n/language.ts';

/**
 * A browser that never chose a language starts in the platform's default language (the system screen); one that
 * chose keeps its choice (spec §1: the language is kept in a cookie). Failure leaves the built-in zh.
 */
export async function applyDefaultLanguage(): Promise<void> {
  if (Cookies.get(LANGUAGE_COOKIE)) return;
  try {
    const res = await fetch(`${API_BASE}${endpointPath(SYSTEM_CALLS.config, {})}`);
    const body = (await res.json()) as { data?: { defaultLanguage?: unknown } };
    const lang = body.data?.defaultLanguage;
    if (isLanguage(lang) && lang !== i18n.language) await changeLanguage(lang);
  } catch {
    // The console works in its built-in language.
  }
}

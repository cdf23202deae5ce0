import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGS } from './catalogs.ts';
import { type Language, storeLanguage, storedLanguage } from './language.ts';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Both catalogs are bundled: they are small and the sign-in page needs the current one at once.
  resources: { zh: { translation: CATALOGS.zh }, en: { translation: CATALOGS.en } },
  lng: storedLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);

/** Switches the language and remembers it in the `language` cookie. */
export async function changeLanguage(lang: Language): Promise<void> {
  storeLanguage(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

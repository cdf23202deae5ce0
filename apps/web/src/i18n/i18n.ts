import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_PACKS, type LanguagePack } from './catalogs.ts';
import { type Language, storeLanguage, storedLanguage } from './language.ts';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Catalogs arrive per language through `loadLanguage`, before the first render and before each switch.
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);

const loaded: Partial<Record<Language, LanguagePack>> = {};

/** Fetches a language's strings and locales once; later calls return at once. */
export async function loadLanguage(lang: Language): Promise<LanguagePack> {
  const known = loaded[lang];
  if (known) return known;
  const pack = await LANGUAGE_PACKS[lang]();
  i18n.addResourceBundle(lang, 'translation', pack.catalog);
  loaded[lang] = pack;
  return pack;
}

/** The pack of a language already loaded (the current one always is). */
export const loadedPack = (lang: Language): LanguagePack | undefined => loaded[lang];

/** Switches the language and remembers it in the `language` cookie. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  storeLanguage(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

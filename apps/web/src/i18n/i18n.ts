import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ComponentLocales, LanguagePack } from './catalogTypes.ts';
import { LANGUAGE_PACKS } from './catalogs.ts';
import { type Language, storeLanguage, storedLanguage } from './language.ts';
import type { StringGroup } from './stringGroups.ts';

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
  // A feature's strings can arrive after a screen drew (a language switch racing a page's first load): redraw then.
  react: { bindI18nStore: 'added' },
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

const groupsLoaded: Partial<Record<`${Language}.${StringGroup}`, Promise<void>>> = {};
/** The groups pages asked for so far: every later language switch brings them too, before it switches. */
const groupsWanted = new Set<StringGroup>();
const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'zh');

/** Adds one feature group's strings of a language, once (a failed download is tried again at the next ask). */
function loadGroup(group: StringGroup, lang: Language): Promise<void> {
  const key = `${lang}.${group}` as const;
  return (groupsLoaded[key] ??= loadLanguage(lang)
    .then((pack) => {
      const load = pack.features[group];
      if (!load) throw new Error(`no strings of the feature group ${group}`);
      return load();
    })
    .then((catalog) => void i18n.addResourceBundle(lang, 'translation', catalog, true, true))
    .catch((error: unknown) => {
      delete groupsLoaded[key];
      throw error;
    }));
}

/**
 * Adds the strings of the feature groups a page speaks (its route's `strings`), in a language (by default the
 * current one), each group once. From then on a language switch loads them too before it switches.
 */
export async function loadFeatureStrings(
  groups: readonly StringGroup[],
  lang: Language = currentLanguage(),
): Promise<void> {
  for (const group of groups) groupsWanted.add(group);
  await Promise.all(groups.map((group) => loadGroup(group, lang)));
}

const localesLoaded: Partial<Record<Language, ComponentLocales>> = {};
/** Set once the console's theme asked for Ant Design's and dayjs's locales: every later switch brings them too. */
let localesWanted = false;

/**
 * Fetches Ant Design's and dayjs's locales of a language (by default the current one), once. The console's theme
 * asks for them with its code (router/createAppRouter.tsx); from then on a language switch loads them too.
 */
export async function loadComponentLocales(lang: Language = currentLanguage()): Promise<ComponentLocales> {
  localesWanted = true;
  const known = localesLoaded[lang];
  if (known) return known;
  const locales = await (await loadLanguage(lang)).locales();
  localesLoaded[lang] = locales;
  return locales;
}

/** Ant Design's and dayjs's locales of a language, if loaded (components/ConsoleTheme.tsx). */
export const loadedComponentLocales = (lang: Language): ComponentLocales | undefined => localesLoaded[lang];

/** Switches the language and remembers it in the `language` cookie. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await loadFeatureStrings([...groupsWanted], lang);
  if (localesWanted) await loadComponentLocales(lang);
  storeLanguage(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
  // A page of a group not asked for before may have opened while the downloads above ran: it loaded its strings in
  // the language being left. Bring them in this one too (groups loaded already answer at once; the page redraws).
  await loadFeatureStrings([...groupsWanted], lang);
}

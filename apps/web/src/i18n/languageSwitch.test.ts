import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalog, ComponentLocales, LanguagePack } from './catalogTypes.ts';
import type { StringGroup } from './stringGroups.ts';

/**
 * Each page loads its feature group's strings when it opens. A language switch brings the groups asked for so far;
 * a page of a new group opened while the switch's downloads run must get its strings in the new language too, or it
 * would show raw keys until the next switch. (A fresh i18n module: the test set-up loads every group in both.)
 */
describe('a language switch and a page of a new group opened meanwhile', () => {
  afterEach(() => {
    vi.doUnmock('./catalogs.ts');
    vi.resetModules();
  });

  it('shows the page in the new language once the switch is done', async () => {
    let releaseEnLocales = () => {};
    const enLocalesGate = new Promise<void>((resolve) => (releaseEnLocales = resolve));
    const pack = (catalog: Catalog, locales: () => Promise<ComponentLocales>): LanguagePack => ({
      catalog: {},
      locales,
      features: { operation: async () => catalog },
    });
    const locales = {} as ComponentLocales;
    vi.resetModules();
    vi.doMock('./catalogs.ts', () => ({
      LANGUAGE_PACKS: {
        zh: async () => pack({ operation: { title: '运维' } }, async () => locales),
        en: async () =>
          pack({ operation: { title: 'Operation' } }, async () => {
            await enLocalesGate;
            return locales;
          }),
      },
    }));
    const { changeLanguage, i18n, loadComponentLocales, loadFeatureStrings, loadLanguage } =
      await import('./i18n.ts');
    await loadLanguage('zh');
    await i18n.changeLanguage('zh');
    await loadComponentLocales('zh');

    const switching = changeLanguage('en');
    // The switch now waits for Ant Design's English locale; a page of a group not asked for before opens.
    await vi.waitFor(() => expect(i18n.hasResourceBundle('en', 'translation')).toBe(true));
    await loadFeatureStrings(['operation' as StringGroup]);
    expect(i18n.t('operation.title')).toBe('运维');
    releaseEnLocales();
    await switching;

    expect(i18n.language).toBe('en');
    expect(i18n.t('operation.title')).toBe('Operation');
  });
});

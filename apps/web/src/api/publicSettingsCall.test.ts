import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n.ts';
import { i18n } from '../i18n/i18n.ts';
import { LANGUAGE_COOKIE } from '../i18n/language.ts';
import { applyDefaultLanguage } from './defaultLanguage.ts';
import { EARLY_SETTINGS_MS, fetchPublicSettings } from './publicSettingsCall.ts';

const SETTINGS = { platformName: 'Sunny Fleet', logo: null, defaultLanguage: 'en', notice: '' };

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: SETTINGS }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  Cookies.remove(LANGUAGE_COOKIE);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await fetchPublicSettings().catch(() => undefined); // nothing of one test's boot left for the next
  await i18n.changeLanguage('zh');
});

describe('the public settings on a full load', () => {
  it('are asked for once: the default language and then the layout read the same answer', async () => {
    await applyDefaultLanguage();
    expect(i18n.language).toBe('en');
    expect(await fetchPublicSettings()).toMatchObject({ platformName: 'Sunny Fleet' });
    expect(asked).toEqual(['/prod-api/system/config']);
  });

  it('are asked for again on a later read, so that changed settings show', async () => {
    await applyDefaultLanguage();
    await fetchPublicSettings();
    await fetchPublicSettings();
    expect(asked).toHaveLength(2);
  });

  it('are asked for anew when the boot’s answer is older than the layout keeps settings', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await applyDefaultLanguage();
    vi.setSystemTime(Date.now() + EARLY_SETTINGS_MS);
    await fetchPublicSettings();
    expect(asked).toHaveLength(2);
  });

  it('are not asked for at boot by a browser that chose its language', async () => {
    Cookies.set(LANGUAGE_COOKIE, 'zh');
    await applyDefaultLanguage();
    expect(asked).toEqual([]);
    expect(i18n.language).toBe('zh');
    Cookies.remove(LANGUAGE_COOKIE);
  });
});

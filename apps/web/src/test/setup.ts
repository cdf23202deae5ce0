import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadFeatureStrings } from '../i18n/i18n.ts';
import { LANGUAGES } from '../i18n/language.ts';
import { STRING_GROUPS } from '../i18n/stringGroups.ts';

// `findBy…` and `waitFor` give up after 1 s by default, which a busy machine can pass while a lazy chunk loads;
// a wait still ends as soon as its condition holds, so a longer ceiling costs nothing when the test passes.
configure({ asyncUtilTimeout: 10_000 });

// Ant Design reads these browser APIs that jsdom lacks.
const browser = typeof window !== 'undefined';
if (browser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (browser && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The console loads a language's strings (and a page's, its feature groups') before it renders or switches; tests
// render at once in either, any page.
await Promise.all(LANGUAGES.map((lang) => loadFeatureStrings(STRING_GROUPS, lang)));

afterEach(async () => {
  if (!browser) return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  // React finishes an unmount's work on a later turn of the event loop; let it run while the DOM still exists, or
  // the last test of a file can leave work that fires after jsdom is gone ("window is not defined"). (Real timers:
  // a test that left fake ones installed would otherwise never get that turn.)
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
});

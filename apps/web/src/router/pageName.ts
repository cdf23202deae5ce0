import { t } from '../i18n/i18n.ts';

/** The session key of the current page's name (spec §2: set on every navigation). */
export const PAGE_NAME_KEY = 'pageName';

/**
 * Tells which page is open: the document's title (`<page title> - <app name>`) and the session's page name. The
 * router's root calls it on every navigation, the sign-in page drawn before the router (`SignInFirst`) once.
 */
export function showPageName(name: string, titleKey: string | undefined): void {
  const title = titleKey ? t(titleKey) : '';
  document.title = title ? `${title} - ${t('app.name')}` : t('app.name');
  sessionStorage.setItem(PAGE_NAME_KEY, name);
}

import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { LANGUAGES } from '../../../i18n/language.ts';

/**
 * The sign-in pages' language switcher (spec §1): both languages, the current one disabled, a success message
 * after a change. Plain buttons rather than the layout's dropdown keep the menu code out of the sign-in page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  return (
    <div
      className="auth-lang-switch"
      role="group"
      aria-label={t('language.select')}
      data-testid="language-select"
    >
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="auth-lang-option"
          data-testid={`lang-${lang}`}
          disabled={i18n.language === lang}
          aria-pressed={i18n.language === lang}
          onClick={() => void changeLanguage(lang).then(() => message.success(i18n.t('language.changed')))}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}

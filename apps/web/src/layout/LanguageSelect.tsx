import { Dropdown, Tooltip } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { LANGUAGES, type Language } from '../i18n/language.ts';
import { useMessage } from '../components/MessageProvider.tsx';

/**
 * The language selector (spec §1): both languages listed, the current one disabled, a success message after a
 * change. The label of each language is written in that language, so it is found whatever the current one is;
 * the button itself says what it does on hover (an icon alone is easy to miss).
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const items = LANGUAGES.map((lang) => ({
    key: lang,
    label: <span data-testid={`lang-${lang}`}>{t(`language.${lang}`)}</span>,
    disabled: i18n.language === lang,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          // The bound `t` of this render still speaks the old language; ask i18n after the switch.
          void changeLanguage(key as Language).then(() => message.success(i18n.t('language.changed')));
        },
      }}
    >
      {/* To the left: below the button it would lie over the first language of the opened menu and take its click. */}
      <Tooltip title={t('language.select')} placement="left">
        <button
          type="button"
          className={`icon-button ${className ?? ''}`}
          aria-label={t('language.select')}
          data-testid="language-select"
        >
          <TranslationOutlined />
        </button>
      </Tooltip>
    </Dropdown>
  );
}

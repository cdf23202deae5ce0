import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetSession } from '../api/accounts.ts';
import { ConsoleTheme } from '../components/ConsoleTheme.tsx';
import { useReloginStore } from './reloginStore.ts';

/**
 * The dialog of spec §8 for codes 50008, 50012 and 50014: log in again (the session is emptied and the page
 * reloads, so the guard shows the sign-in page) or cancel and stay on this page.
 */
export function ReloginDialog() {
  const { t } = useTranslation();
  const { open, close } = useReloginStore();
  // Shown above the router, outside the pages' theme (App.tsx): it takes the theme itself.
  return (
    <ConsoleTheme>
      <Modal
        open={open}
        title={t('relogin.title')}
        okText={t('relogin.ok')}
        cancelText={t('relogin.cancel')}
        mask={{ closable: false }}
        onOk={() => {
          resetSession();
          window.location.reload();
          close();
        }}
        onCancel={close}
      >
        <p data-testid="relogin-text">{t('relogin.content')}</p>
      </Modal>
    </ConsoleTheme>
  );
}

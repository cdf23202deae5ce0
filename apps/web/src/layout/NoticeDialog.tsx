import { useState } from 'react';
import { Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../features/set/system/publicSettings.ts';
import { NOTICE_2G_KEY } from './layoutDialogs.ts';

/** The 2G network shutdown notice (spec §1): 40 % wide, shown until the user asks not to be reminded. */
export function NoticeDialog() {
  const { t, i18n } = useTranslation();
  // The system screen may switch the notice off or replace its text (empty text: the built-in one).
  const notice = usePublicSettings().data?.notice;
  const custom = notice && (i18n.language.startsWith('en') ? notice.textEn : notice.textZh).trim();
  const [open, setOpen] = useState(() => localStorage.getItem(NOTICE_2G_KEY) !== '1');
  const [dontRemind, setDontRemind] = useState(false);
  const close = () => {
    if (dontRemind) localStorage.setItem(NOTICE_2G_KEY, '1');
    setOpen(false);
  };
  if (notice && !notice.enabled) return null;
  return (
    <Modal
      open={open}
      width="40%"
      title={t('notice.title')}
      onCancel={close}
      className="notice-2g"
      footer={
        <div className="notice-footer">
          <Checkbox
            checked={dontRemind}
            onChange={(e) => setDontRemind(e.target.checked)}
            data-testid="notice-dont-remind"
          >
            {t('notice.dontRemind')}
          </Checkbox>
          <Button type="primary" onClick={close} data-testid="notice-ok">
            {t('notice.ok')}
          </Button>
        </div>
      }
    >
      {custom ? (
        custom.split('\n').map((line, i) => <p key={i}>{line}</p>)
      ) : (
        <>
          <p>{t('notice.body')}</p>
          <p>{t('notice.advice')}</p>
        </>
      )}
    </Modal>
  );
}

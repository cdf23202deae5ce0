import { useEffect, useState } from 'react';
import { Button, Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../api/publicSettings.ts';
import { NOTICE_2G_KEY, useNoticeOpen } from './layoutDialogs.ts';

/** The notice's width per screen size (Ant Design breakpoints: xs < 576 px, md ≥ 768 px, lg ≥ 992 px). */
const NOTICE_WIDTH = { xs: 'calc(100vw - 32px)', sm: '80%', md: '60%', lg: '40%' };

/**
 * The 2G network shutdown notice (spec §1): 40 % wide on a desktop, nearly the whole width on a phone (40 % of a
 * 390 px screen leaves its title under the close button), shown until the user asks not to be reminded.
 */
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
  const shown = open && !(notice && !notice.enabled);
  const setShown = useNoticeOpen((s) => s.set);
  useEffect(() => setShown(shown), [shown, setShown]);
  if (notice && !notice.enabled) return null;
  return (
    <Modal
      open={open}
      width={NOTICE_WIDTH}
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

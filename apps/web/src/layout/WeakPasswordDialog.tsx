import { Button, Modal } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../store/userStore.ts';
import { pathOf } from '../router/paths.ts';

/**
 * The weak-password warning (spec §5), driven by the sign-in answer's `weakPassword` (ARCHITECTURE §3): titled
 * 提示, a 修改密码 button to /changePwd, closable, not closed by a click outside. Shown once either way (spec §4).
 */
export function WeakPasswordDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const weak = useUserStore((s) => s.weakPassword);
  const setWeak = useUserStore((s) => s.setWeakPassword);
  return (
    <Modal
      open={weak}
      title={
        <span>
          <ExclamationCircleFilled className="warning-icon" /> {t('weakPassword.title')}
        </span>
      }
      mask={{ closable: false }}
      closable
      onCancel={() => setWeak(false)}
      footer={
        <Button
          type="primary"
          data-testid="weak-password-change"
          onClick={() => {
            setWeak(false);
            void navigate(pathOf('changePwd'));
          }}
        >
          {t('weakPassword.change')}
        </Button>
      }
    >
      <p data-testid="weak-password-text">{t('weakPassword.body')}</p>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { LIMITS, passwordSchema } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeInitialPassword } from '../../../api/accounts.ts';
import { errorMessage } from '../../../api/request.ts';
import { hasToken, session } from '../../../api/session.ts';
import { AuthShell } from '../shared/AuthShell.tsx';
import { isStrongPassword } from '../shared/passwordStrength.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { HOME_PATH, pathOf } from '../../../router/paths.ts';

/** The contract's length limits and the strength rule of spec §5 together. */
const meetsPasswordRule = (v: string | undefined): v is string =>
  !!v && passwordSchema.safeParse(v).success && isStrongPassword(v);

interface ChangeForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `/changePwd`: the forced change at a first sign-in with an initial password, and the voluntary change (from
 * the weak-password dialog or the personal centre).
 */
export function ChangePwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = session.get('firstLogin') === 'true';

  if (!hasToken())
    return (
      <AuthShell title={t('changePwd.title')}>
        <Result
          status="info"
          title={t('changePwd.signedOut')}
          extra={[
            <Link key="forget" to={pathOf('forgetPwd')}>
              {t('login.forgot')}
            </Link>,
            <Link key="login" to={pathOf('login')}>
              {t('register.toLogin')}
            </Link>,
          ]}
        />
      </AuthShell>
    );

  const onFinish = async (values: ChangeForm) => {
    setBusy(true);
    setError(null);
    try {
      await changeInitialPassword(values.oldPassword, values.newPassword);
      session.set('firstLogin', 'false');
      void message.success(t('changePwd.done'));
      void navigate(HOME_PATH, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title={t('changePwd.title')}
      subtitle={t(first ? 'changePwd.firstLogin' : 'changePwd.subtitle')}
    >
      {first && (
        <Alert
          type="info"
          showIcon
          title={t('changePwd.firstLoginNotice')}
          className="auth-alert"
          data-testid="first-login-notice"
        />
      )}
      {error && (
        <Alert type="error" showIcon title={error} className="auth-alert" data-testid="change-error" />
      )}
      <Form<ChangeForm>
        layout="vertical"
        size="large"
        onFinish={(v) => void onFinish(v)}
        requiredMark={false}
      >
        <Form.Item
          name="oldPassword"
          label={t('changePwd.old')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="change-old" />
        </Form.Item>
        {/* One message under the field: the rule itself, turning red while the typed password breaks it
            (separate "required", length and strength messages used to stack on top of the rule). */}
        <Form.Item
          name="newPassword"
          label={t('changePwd.new')}
          help={t('changePwd.rule', LIMITS)}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!meetsPasswordRule(v)) throw new Error(t('changePwd.rule', LIMITS));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('changePwd.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('newPassword'))
                  throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="change-submit">
          {t('changePwd.submit')}
        </Button>
      </Form>
      {!first && (
        <div className="auth-switch">
          <Link to={HOME_PATH}>{t('changePwd.back')}</Link>
        </div>
      )}
    </AuthShell>
  );
}

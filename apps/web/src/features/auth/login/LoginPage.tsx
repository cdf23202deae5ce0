import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../../api/accounts.ts';
import { errorMessage } from '../../../api/request.ts';
import { AuthShell } from '../shared/AuthShell.tsx';
import { safeRedirect } from '../shared/safeRedirect.ts';

interface LoginForm {
  username: string;
  password: string;
}

/** `/login`: sign in with username and password (spec §4, §5). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const data = await login(values.username, values.password);
      // Spec §4: an answer without a roleId is not a sign-in; nothing was stored.
      if (data.roleId === undefined || data.roleId === null) {
        setError(t('login.noRole'));
        return;
      }
      void navigate(data.firstLogin ? '/changePwd' : safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      {error && (
        <Alert type="error" showIcon title={error} className="auth-alert" data-testid="login-error" />
      )}
      <Form<LoginForm> layout="vertical" size="large" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
        >
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            placeholder={t('login.usernamePlaceholder')}
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            data-testid="login-password"
          />
        </Form.Item>
        <div className="auth-row">
          <Link to="/forgetPwd" data-testid="link-forget">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <div className="auth-switch">
        {t('login.noAccount')}{' '}
        <Link to="/register" data-testid="link-register">
          {t('login.register')}
        </Link>
      </div>
    </AuthShell>
  );
}

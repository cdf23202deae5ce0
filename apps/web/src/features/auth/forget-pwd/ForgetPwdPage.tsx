import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { emailSchema, passwordSchema, USER_CALLS } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callEndpoint } from '../../../api/callEndpoint.ts';
import { errorMessage } from '../../../api/request.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { AuthShell } from '../shared/AuthShell.tsx';
import { EmailCodeInput } from '../shared/EmailCodeInput.tsx';
import { pathOf } from '../../../router/paths.ts';

interface ForgetForm {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** `/forgetPwd`: a new password with the code mailed to the account's address (spec §7). */
export function ForgetPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetForm>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onFinish = async (v: ForgetForm) => {
    setBusy(true);
    setError(null);
    try {
      await callEndpoint(USER_CALLS.forgetPassword, {
        form: { code: v.code, email: v.email, password: v.password },
        auth: 'basic',
        quiet: true,
      });
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <AuthShell title={t('forget.title')}>
        <Result
          status="success"
          title={t('forget.done')}
          extra={
            <Button type="primary" onClick={() => void navigate(pathOf('login'))}>
              {t('register.toLogin')}
            </Button>
          }
        />
      </AuthShell>
    );

  return (
    <AuthShell title={t('forget.title')} subtitle={t('forget.subtitle')}>
      {error && <Alert type="error" showIcon title={error} className="auth-alert" />}
      <Form<ForgetForm> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('register.email')}
          rules={[
            { required: true, message: t('validation.required') },
            zodRule(emailSchema, t, 'validation.email'),
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('register.code')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <EmailCodeInput email={() => form.getFieldValue('email')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('changePwd.new')}
          rules={[
            { required: true, message: t('validation.required') },
            zodRule(passwordSchema, t, 'validation.passwordLength'),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('changePwd.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({
              validator: async (_r, val) => {
                if (val && val !== getFieldValue('password'))
                  throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('forget.submit')}
        </Button>
      </Form>
      <div className="auth-switch">
        <Link to={pathOf('login')}>{t('register.toLogin')}</Link>
      </div>
    </AuthShell>
  );
}

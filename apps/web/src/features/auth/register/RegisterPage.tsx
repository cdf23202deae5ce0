import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Segmented } from 'antd';
import {
  creditCodeSchema,
  emailSchema,
  type EnterpriseRegisterBody,
  nameSchema,
  passwordSchema,
  phoneSchema,
  type TerminalRegisterBody,
  userCodeSchema,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { AuthShell } from '../shared/AuthShell.tsx';
import { EmailCodeInput } from '../shared/EmailCodeInput.tsx';
import { registerEnterprise, registerPersonal } from './api.ts';
import { pathOf } from '../../../router/paths.ts';

type Kind = 'personal' | 'enterprise';

/** `/register`: personal accounts (active at once) and enterprise accounts (audited), with the email code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('personal');
  const [done, setDone] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();

  const onFinish = async (values: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'personal') await registerPersonal(values as unknown as TerminalRegisterBody);
      else await registerEnterprise(values as unknown as EnterpriseRegisterBody);
      setDone(kind);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <AuthShell title={t('register.title')}>
        <Result
          status="success"
          title={t(done === 'personal' ? 'register.personalDone' : 'register.enterpriseDone')}
          subTitle={t(done === 'personal' ? 'register.personalDoneSub' : 'register.enterpriseDoneSub')}
          extra={
            <Button
              type="primary"
              onClick={() => void navigate(pathOf('login'))}
              data-testid="register-to-login"
            >
              {t('register.toLogin')}
            </Button>
          }
        />
      </AuthShell>
    );

  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <Segmented<Kind>
        block
        className="auth-segmented"
        value={kind}
        onChange={(v) => {
          setKind(v);
          setError(null);
        }}
        options={[
          { value: 'personal', label: <span data-testid="register-personal">{t('register.personal')}</span> },
          {
            value: 'enterprise',
            label: <span data-testid="register-enterprise">{t('register.enterprise')}</span>,
          },
        ]}
      />
      {error && (
        <Alert type="error" showIcon title={error} className="auth-alert" data-testid="register-error" />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} key={kind}>
        <Form.Item
          name="userCode"
          label={t('register.userCode')}
          rules={[required('validation.required'), zodRule(userCodeSchema, t, 'validation.userCode')]}
        >
          <Input autoComplete="username" data-testid="register-userCode" />
        </Form.Item>
        {kind === 'personal' ? (
          <Form.Item
            name="name"
            label={t('register.name')}
            rules={[required('validation.required'), zodRule(nameSchema, t, 'validation.name')]}
          >
            <Input data-testid="register-name" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="companyName"
              label={t('register.companyName')}
              rules={[required('validation.required'), zodRule(nameSchema, t, 'validation.name')]}
            >
              <Input data-testid="register-companyName" />
            </Form.Item>
            <Form.Item
              name="creditCode"
              label={t('register.creditCode')}
              rules={[required('validation.required'), zodRule(creditCodeSchema, t, 'validation.creditCode')]}
            >
              <Input maxLength={18} data-testid="register-creditCode" />
            </Form.Item>
            <Form.Item
              name="contactName"
              label={t('register.contactName')}
              rules={[required('validation.required'), zodRule(nameSchema, t, 'validation.name')]}
            >
              <Input data-testid="register-contactName" />
            </Form.Item>
            <Form.Item name="address" label={t('register.address')} rules={[required('validation.required')]}>
              <Input data-testid="register-address" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="phone"
          label={t('register.phone')}
          rules={[required('validation.required'), zodRule(phoneSchema, t, 'validation.phone')]}
        >
          <Input autoComplete="tel" data-testid="register-phone" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('register.email')}
          rules={[required('validation.required'), zodRule(emailSchema, t, 'validation.email')]}
        >
          <Input autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item name="code" label={t('register.code')} rules={[required('validation.required')]}>
          <EmailCodeInput email={() => form.getFieldValue('email') as string | undefined} />
        </Form.Item>
        {kind === 'personal' && (
          <>
            <Form.Item
              name="password"
              label={t('register.password')}
              rules={[
                required('validation.required'),
                zodRule(passwordSchema, t, 'validation.passwordLength'),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="register-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('register.confirmPassword')}
              dependencies={['password']}
              rules={[
                required('validation.required'),
                ({ getFieldValue }) => ({
                  validator: async (_r, v) => {
                    if (v && v !== getFieldValue('password'))
                      throw new Error(t('validation.passwordMismatch'));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="register-confirmPassword" />
            </Form.Item>
          </>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={busy}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
      </Form>
      <div className="auth-switch">
        {t('register.haveAccount')} <Link to={pathOf('login')}>{t('register.toLogin')}</Link>
      </div>
    </AuthShell>
  );
}

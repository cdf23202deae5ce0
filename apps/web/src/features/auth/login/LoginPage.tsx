import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { login } from '../../../api/accounts.ts';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { AuthShell } from '../shared/AuthShell.tsx';
import { safeRedirect } from '../../../router/safeRedirect.ts';
import { LoginButton, LoginInput, useLoginColors } from './LoginControls.tsx';
import { LoginIcon } from './LoginIcon.tsx';
import { pathOf } from '../../../router/paths.ts';
import { PageLink, usePageNavigation } from '../../../router/pageNavigation.tsx';

// Only a failed sign-in shows the alert: its code, Ant Design's theme with it, loads then.
const Alert = lazy(() => import('./LoginAlert.tsx'));

interface LoginForm {
  username: string;
  password: string;
}

type Field = keyof LoginForm;

/**
 * Refusals in a row for one name after which the page says that the account may be locked: the server locks an
 * account from its 5th consecutive failure on, and answers a locked account exactly as a wrong password so that
 * nobody learns which names exist (docs/security.md). The page counts what it has seen itself, so it says the
 * same for any name, existing or not.
 */
const LOCK_HINT_AFTER = 5;

/** A refusal of the name and password (400 without field errors), not of the form or the service. */
const isCredentialRefusal = (e: unknown) =>
  e instanceof ApiError && e.status === 400 && !e.fieldErrors.length;

/** The i18n key of a field's error, if any (spec §4: both fields required, a blank username is none). */
function fieldError(field: Field, value: string): string | null {
  if (field === 'username') return value.trim() ? null : 'login.usernameRequired';
  return value ? null : 'login.passwordRequired';
}

/**
 * One labelled field with its error below, laid out as the other sign-in pages' vertical forms. The sign-in page
 * checks its two required fields itself instead of using Ant Design's Form, whose code (rules engine, tooltips,
 * grid) would weigh on the first download of the console.
 */
function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`login-field${error ? ' login-field-error' : ''}`}>
      <label htmlFor={id} className="login-field-label">
        {label}
      </label>
      {children}
      <div className="login-field-explain" id={`${id}-explain`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/** `/login`: sign in with username and password (spec §4, §5). */
export function LoginPage() {
  const { t } = useTranslation();
  // No React Router here: opened from outside, this page draws before the router is downloaded (SignInFirst).
  const { search, go } = usePageNavigation();
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState({ name: '', count: 0 });
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  // A field shows its error once the user has changed it or tried to submit, as Ant Design's forms do.
  const [checked, setChecked] = useState<Record<Field, boolean>>({ username: false, password: false });

  const errorOf = (field: Field): string | null => {
    const key = checked[field] ? fieldError(field, values[field]) : null;
    return key ? t(key) : null;
  };

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChecked((c) => ({ ...c, [field]: true }));
  };

  const colors = useLoginColors();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked({ username: true, password: true });
    if (fieldError('username', values.username) || fieldError('password', values.password)) return;
    setBusy(true);
    setError(null);
    try {
      const data = await login(values.username, values.password);
      if (data.roleId === undefined || data.roleId === null) {
        setError(t('login.noRole'));
        return;
      }
      const redirect = new URLSearchParams(search).get('redirect');
      await go(data.firstLogin ? pathOf('changePwd') : safeRedirect(redirect), { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      const name = values.username.trim().toLowerCase();
      setRefusals((r) =>
        isCredentialRefusal(e) ? { name, count: r.name === name ? r.count + 1 : 1 } : { name: '', count: 0 },
      );
    } finally {
      setBusy(false);
    }
  };

  const usernameError = errorOf('username');
  const passwordError = errorOf('password');
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      {error && (
        <Suspense>
          <Alert
            type="error"
            showIcon
            title={error}
            description={refusals.count >= LOCK_HINT_AFTER ? t('login.mayBeLocked') : undefined}
            className="auth-alert"
            data-testid="login-error"
          />
        </Suspense>
      )}
      <form className="login-form" style={colors} noValidate onSubmit={(e) => void onSubmit(e)}>
        <LoginField id="login-username" label={t('login.username')} error={usernameError}>
          <LoginInput
            id="login-username"
            invalid={usernameError !== null}
            aria-describedby="login-username-explain"
            prefix={<LoginIcon icon={UserOutlined} />}
            autoComplete="username"
            placeholder={t('login.usernamePlaceholder')}
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
            data-testid="login-username"
          />
        </LoginField>
        <LoginField id="login-password" label={t('login.password')} error={passwordError}>
          <LoginInput
            id="login-password"
            secret
            invalid={passwordError !== null}
            aria-describedby="login-password-explain"
            prefix={<LoginIcon icon={LockOutlined} />}
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            data-testid="login-password"
          />
        </LoginField>
        <div className="auth-row">
          <PageLink to={pathOf('forgetPwd')} data-testid="link-forget">
            {t('login.forgot')}
          </PageLink>
        </div>
        <LoginButton loading={busy} testId="login-submit">
          {t('login.submit')}
        </LoginButton>
      </form>
      <div className="auth-switch">
        {t('login.noAccount')}{' '}
        <PageLink to={pathOf('register')} data-testid="link-register">
          {t('login.register')}
        </PageLink>
      </div>
    </AuthShell>
  );
}

import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { emailSchema } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { sendEmailCode } from '../../../api/accounts.ts';
import { errorMessage } from '../../../api/request.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** The server sends at most one code a minute per address (docs/api-accounts.md). */
const RESEND_SECONDS = 60;

/** The verification-code field with its "send code" button; the code goes to `email` (spec §5). */
export function EmailCodeInput({
  email,
  value,
  onChange,
}: {
  email: () => string | undefined;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const send = async () => {
    const address = email();
    if (!emailSchema.safeParse(address ?? '').success) {
      void message.error(t('validation.email'));
      return;
    }
    setBusy(true);
    try {
      await sendEmailCode(address!.trim());
      void message.success(t('register.codeSent'));
      setWait(RESEND_SECONDS);
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact block>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={6}
        inputMode="numeric"
        placeholder={t('register.codePlaceholder')}
        data-testid="register-code"
      />
      <Button onClick={() => void send()} loading={busy} disabled={wait > 0} data-testid="register-send-code">
        {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
      </Button>
    </Space.Compact>
  );
}

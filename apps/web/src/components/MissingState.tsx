import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MissingAction } from './missing.ts';

/** A missing subject: a "not found or no access" result and a button back to a screen that works. */
export function MissingState({ text, backLabel, onBack }: MissingAction) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      data-testid="state-missing"
      title={t('common.missingTitle')}
      subTitle={text}
      extra={
        <Button type="primary" onClick={onBack} data-testid="state-back">
          {backLabel}
        </Button>
      }
    />
  );
}

import { useState } from 'react';
import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/downloadFile.ts';
import { errorMessage } from '../../api/request.ts';
import { useMessage } from '../MessageProvider.tsx';

type Params = Record<string, string | number | undefined>;

/**
 * Saves what the server exports at `path` (an .xlsx workbook) as `fileName`; busy while it downloads. `body` asks
 * for it by POST with that JSON.
 */
export function ExportButton({
  path,
  params = {},
  body,
  fileName,
  label,
  icon = <ExportOutlined />,
  disabled,
  testId,
}: {
  path: string;
  params?: Params;
  body?: unknown;
  fileName: string;
  /** Default: Export. */
  label?: string;
  icon?: React.ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadFile(path, params, fileName, body);
    } catch (e) {
      void message.error(`${t('common.exportFailed')} ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={icon} loading={busy} disabled={disabled} onClick={() => void save()} data-testid={testId}>
      {label ?? t('common.export')}
    </Button>
  );
}

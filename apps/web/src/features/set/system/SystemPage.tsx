import { Card, Tabs, Typography } from 'antd';
import type { ErrorLogRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { PagedRows } from '../../../components/list/PagedRows.tsx';
import { usePagedRows } from '../../../components/list/usePagedRows.ts';
import { errorLogPage } from './api.ts';
import { SettingsForm } from './SettingsForm.tsx';
import '../set-shared/set.css';

/** The error log: unhandled errors the consoles of all users sent (spec §8), newest first. */
function ErrorLogTab() {
  const { t } = useTranslation();
  const errorLog = usePagedRows(errorLogPage);
  return (
    <PagedRows<ErrorLogRow>
      {...errorLog}
      states="table"
      size="small"
      table={{
        rowKey: 'id',
        expandable: {
          expandedRowRender: (r) => <pre className="error-stack">{r.stack ?? ''}</pre>,
          rowExpandable: (r) => Boolean(r.stack),
        },
        columns: [
          {
            title: t('errorLog.time'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDate(v),
            width: 180,
          },
          { title: t('errorLog.user'), dataIndex: 'userCode', width: 140 },
          { title: t('errorLog.message'), dataIndex: 'message' },
          { title: t('errorLog.url'), dataIndex: 'url', ellipsis: true },
          { title: t('errorLog.info'), dataIndex: 'info', width: 160 },
        ],
      }}
    />
  );
}

/** The system screen: the platform's settings and the unhandled-error log. */
export function SystemPage() {
  const { t } = useTranslation();
  return (
    <div className="app-container">
      <Card>
        <Typography.Title level={4} className="page-title" data-testid="page-title">
          {t('menu.system')}
        </Typography.Title>
        <Tabs
          items={[
            { key: 'errorLog', label: t('errorLog.tab'), children: <ErrorLogTab /> },
            {
              key: 'settings',
              label: <span data-testid="tab-settings">{t('system.settingsTab')}</span>,
              children: <SettingsForm />,
            },
          ]}
        />
      </Card>
    </div>
  );
}

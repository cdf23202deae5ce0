import type { CommandRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { PagedRows } from '../../../components/list/PagedRows.tsx';
import { usePagedRows } from '../../../components/list/usePagedRows.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { commandPage } from '../command-shared/api.ts';
import { CommandStateTag } from '../command-shared/CommandStateTag.tsx';

/** A device's recent commands, newest first: what was asked, by whom, and how it ended. */
export function DeviceCommandLog({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const commands = usePagedRows((page, limit) => commandPage({ serial }, page, limit), { pageSize: 10 });
  return (
    <PagedRows<CommandRow>
      {...commands}
      states="table"
      size="small"
      table={{
        rowKey: 'id',
        'data-testid': 'device-command-log',
        columns: [
          {
            title: t('commands.results.at'),
            dataIndex: 'createdAt',
            render: (v: string) => formatZoned(v, browserTimeZone()),
          },
          {
            title: t('commands.log.kind'),
            dataIndex: 'kind',
            render: (k: string) => t(`commands.kind.${k}`),
          },
          { title: t('commands.results.by'), dataIndex: 'createdBy' },
          {
            title: t('commands.results.state'),
            dataIndex: 'state',
            render: (_, r) => <CommandStateTag state={r.state} failure={r.failure} />,
          },
          {
            title: t('commands.log.params'),
            dataIndex: 'params',
            render: (p: unknown) => <code style={{ fontSize: 11 }}>{JSON.stringify(p).slice(0, 120)}</code>,
          },
        ],
      }}
    />
  );
}

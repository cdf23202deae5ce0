import { DatePicker, Form, Input, Select, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpointPath, SYSTEM_CALLS, type OperationLogRow } from '@solarops/contracts';
import { callPage } from '../../../api/callEndpoint.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { actionLabel } from './actionLabel.ts';

interface Filters {
  userCode?: string;
  action?: string;
  result?: 'success' | 'failure';
  startDate?: string;
  endDate?: string;
}

interface FormValues {
  userCode?: string;
  action?: string;
  result?: 'success' | 'failure';
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** `logList`: the operation log with filters (user, action, result, time) and an .xlsx export of the same rows. */
export function LogListPage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({});
  const { filters, page, limit } = list;
  const query = useQuery({
    queryKey: ['set', 'log', filters, page, limit],
    placeholderData: keepPreviousData,
    queryFn: () =>
      callPage(SYSTEM_CALLS.operationLog, {
        query: { ...filters, pageStart: page, pageSize: limit },
      }),
  });

  const search = ({ range, ...v }: Partial<FormValues>) => {
    const next: Filters = v;
    if (range?.[0]) next.startDate = range[0].startOf('day').toISOString();
    if (range?.[1]) next.endDate = range[1].endOf('day').toISOString();
    list.search(next);
  };

  return (
    <ListPage<OperationLogRow, Filters>
      layout="single"
      testId="page-logList"
      list={list}
      query={query}
      search={
        <SearchForm<FormValues>
          onSearch={search}
          extra={
            <ExportButton
              path={endpointPath(SYSTEM_CALLS.operationLogExport, {})}
              params={{ ...filters }}
              fileName="operation-log.xlsx"
            />
          }
        >
          <Form.Item name="userCode" label={t('set.log.user')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="action" label={t('set.log.action')}>
            <Input allowClear data-testid="log-action" />
          </Form.Item>
          <Form.Item name="result" label={t('set.log.result')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'success', label: t('set.log.success') },
                { value: 'failure', label: t('set.log.failure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('set.log.time')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'id',
        size: 'middle',
        scroll: { x: 1100 },
        columns: [
          {
            title: t('set.log.time'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: string) => formatDate(v),
          },
          { title: t('set.log.user'), dataIndex: 'userCode', width: 130 },
          {
            title: t('set.log.action'),
            dataIndex: 'action',
            width: 220,
            render: (v: string) => actionLabel(v, t),
          },
          { title: t('set.log.target'), dataIndex: 'target', width: 140, ellipsis: true },
          { title: t('set.log.path'), dataIndex: 'path', ellipsis: true },
          { title: t('set.log.ip'), dataIndex: 'ip', width: 130 },
          {
            title: t('set.log.result'),
            dataIndex: 'result',
            width: 110,
            render: (r: OperationLogRow['result'], row) => (
              <Tag color={r === 'success' ? 'success' : 'error'}>
                {t(r === 'success' ? 'set.log.success' : 'set.log.failure')} {row.status}
              </Tag>
            ),
          },
        ],
      }}
    />
  );
}

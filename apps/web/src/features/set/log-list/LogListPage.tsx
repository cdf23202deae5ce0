import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, message } from 'antd';
import { ExportOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { LIMITS } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage, requestPage } from '../../../api/request.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { downloadFile } from '../../../api/downloadFile.ts';
import { QueryState } from '../components/QueryState.tsx';
import { actionLabel } from './actionLabel.ts';
import '../components/set.css';

/** One operation (`GET /system/log/list`). */
interface LogRow {
  id: number;
  userCode: string | null;
  action: string;
  method: string;
  path: string;
  target: string | null;
  ip: string;
  result: 'success' | 'failure';
  status: number;
  createdAt: string;
}

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
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizeDefault);
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    queryKey: ['set', 'log', filters, page, limit],
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<LogRow>('/system/log/list', { params: { ...filters, pageStart: page, pageSize: limit } }),
  });
  const rows = query.data?.rows ?? [];

  const search = () => {
    const { range, ...v } = form.getFieldsValue();
    const next: Filters = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== ''),
    );
    if (range?.[0]) next.startDate = range[0].startOf('day').toISOString();
    if (range?.[1]) next.endDate = range[1].endOf('day').toISOString();
    setFilters(next);
    setPage(1);
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage(1);
  };
  const exportLog = async () => {
    setExporting(true);
    try {
      await downloadFile('/system/log/export', { ...filters }, 'operation-log.xlsx');
    } catch (e) {
      void message.error(`${t('set.common.exportFailed')} ${errorMessage(e)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="app-container set-page" data-testid="page-logList">
      <Card>
        <Form form={form} layout="inline" className="set-search" onFinish={search}>
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
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
                {t('set.common.search')}
              </Button>
              <Button onClick={reset} icon={<ReloadOutlined />}>
                {t('set.common.reset')}
              </Button>
              <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void exportLog()}>
                {t('set.common.export')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <QueryState
          loading={query.isLoading}
          error={query.error}
          empty={!query.isLoading && rows.length === 0}
          onRetry={() => void query.refetch()}
        >
          <Table<LogRow>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 1100 }}
            columns={[
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
                render: (r: LogRow['result'], row) => (
                  <Tag color={r === 'success' ? 'success' : 'error'}>
                    {t(r === 'success' ? 'set.log.success' : 'set.log.failure')} {row.status}
                  </Tag>
                ),
              },
            ]}
          />
        </QueryState>
        <Pagination
          total={query.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
      </Card>
    </div>
  );
}

import { useState } from 'react';
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { OfflineRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { useOfflineList } from '../alarm-shared/api.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

/** `offinelist`: offline collectors and devices of the caller's plants, and since when. */
export function OfflineListPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ sn?: string; plantName?: string }>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useOfflineList(filters, page, size);
  return (
    <Card data-testid="offinelist" title={<PageTitle route="offinelist" />}>
      <Form
        layout="inline"
        onFinish={(v: { sn?: string; plantName?: string }) => {
          setFilters({ sn: v.sn?.trim() || undefined, plantName: v.plantName?.trim() || undefined });
          setPage(1);
        }}
      >
        <Form.Item name="plantName" label={t('operation.alarms.plant')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="sn" label={t('operation.alarms.sn')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('operation.alarms.search')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<OfflineRow>
        style={{ marginTop: 16 }}
        rowKey={(r) => `${r.kind}:${r.sn}`}
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          {
            title: t('operation.alarms.kind'),
            dataIndex: 'kind',
            render: (k: string) => <Tag>{t(`operation.alarms.kinds.${k}`)}</Tag>,
          },
          { title: t('operation.alarms.sn'), dataIndex: 'sn' },
          { title: t('operation.alarms.plant'), dataIndex: 'plantName' },
          {
            title: t('operation.alarms.lastSeen'),
            dataIndex: 'lastSeenAt',
            render: (v: string | null) => formatDate(v),
          },
          {
            title: t('operation.alarms.offlineSince'),
            dataIndex: 'offlineSince',
            render: (v: string | null) => formatDate(v),
          },
        ]}
      />
      <Pagination
        total={data?.total ?? 0}
        page={page}
        limit={size}
        onChange={(p, l) => {
          setPage(p);
          setSize(l);
        }}
      />
    </Card>
  );
}

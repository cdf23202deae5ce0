import '../../station/station.css';
import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Typography, message } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { LIMITS, type RelationRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { QueryState } from '../../station/components/QueryState.tsx';
import { downloadFile } from '../../../api/downloadFile.ts';
import { type RelationFilters, useRelations } from '../../station/api.ts';

/** `relationList`: which collector each device reports through, with every earlier binding; search and export. */
export function RelationListPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RelationFilters>();
  const [filters, setFilters] = useState<RelationFilters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizeDefault);
  const query = useRelations(filters, page, limit);
  const rows = query.data?.rows ?? [];
  return (
    <div className="app-container station-page">
      <Card className="station-search">
        <Typography.Title level={5} className="station-title" data-testid="page-title">
          {t('menu.relationList')}
        </Typography.Title>
        <Form
          form={form}
          layout="inline"
          onFinish={() => {
            const v = form.getFieldsValue();
            setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')));
            setPage(1);
          }}
        >
          <Form.Item name="collectorSn" label={t('station.collector.serial')}>
            <Input allowClear data-testid="relation-collector" />
          </Form.Item>
          <Form.Item name="deviceSn" label={t('station.device.serial')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="current" label={t('relation.scope')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={[
                { value: 'true', label: t('relation.currentOnly') },
                { value: 'false', label: t('relation.withHistory') },
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('station.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPage(1);
              }}
            >
              {t('station.common.reset')}
            </Button>
            <Button
              icon={<ExportOutlined />}
              disabled={rows.length === 0}
              onClick={() =>
                void downloadFile('/device/relation/export', { ...filters }, 'relations.xlsx').catch(
                  (e: unknown) => message.error(`${t('station.list.exportFailed')} ${errorMessage(e)}`),
                )
              }
            >
              {t('station.list.export')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          onRetry={() => void query.refetch()}
          emptyText={t('relation.empty')}
        >
          <Table<RelationRow>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={rows}
            data-testid="relation-table"
            columns={[
              { title: t('station.collector.serial'), dataIndex: 'collectorSerial' },
              { title: t('station.device.serial'), dataIndex: 'deviceSerial' },
              {
                title: t('station.device.kind'),
                dataIndex: 'deviceKind',
                render: (k: string) => t(`station.kind.${k}`),
              },
              { title: t('station.device.plant'), dataIndex: 'plantName' },
              { title: t('relation.boundAt'), dataIndex: 'boundAt', render: (v: string) => formatDate(v) },
              {
                title: t('relation.unboundAt'),
                dataIndex: 'unboundAt',
                render: (v: string | null) =>
                  v ? formatDate(v) : <Tag color="success">{t('relation.current')}</Tag>,
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

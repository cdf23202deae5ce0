import { Form, Input, Select, Tag } from 'antd';
import { DEVICE_CALLS, endpointPath, type RelationRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { type RelationFilters, useRelations } from './api.ts';

/** `relationList`: which collector each device reports through, with every earlier binding; search and export. */
export function RelationListPage() {
  const { t } = useTranslation();
  const list = useListState<RelationFilters>({});
  const query = useRelations(list.filters, list.page, list.limit);
  return (
    <ListPage<RelationRow, RelationFilters>
      layout="split"
      title={t('menu.relationList')}
      list={list}
      query={query}
      emptyText={t('relation.empty')}
      search={
        <SearchForm<RelationFilters>
          onSearch={list.search}
          extra={
            <ExportButton
              path={endpointPath(DEVICE_CALLS.relationExport, {})}
              params={{ ...list.filters }}
              fileName="relations.xlsx"
              disabled={(query.data?.rows ?? []).length === 0}
            />
          }
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
        </SearchForm>
      }
      table={{
        rowKey: 'id',
        'data-testid': 'relation-table',
        columns: [
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
        ],
      }}
    />
  );
}

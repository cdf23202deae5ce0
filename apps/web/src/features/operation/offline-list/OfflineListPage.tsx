import { Form, Input, Tag } from 'antd';
import type { OfflineRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { ALARM_PAGE_SIZE, useOfflineList } from '../alarm-shared/api.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

type Filters = { sn?: string; plantName?: string };

/** `offinelist`: offline collectors and devices of the caller's plants, and since when. */
export function OfflineListPage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({}, ALARM_PAGE_SIZE);
  const query = useOfflineList(list.filters, list.page, list.limit);
  return (
    <ListPage<OfflineRow, Filters>
      layout="titled"
      testId="offinelist"
      title={<PageTitle route="offinelist" />}
      list={list}
      query={query}
      search={
        <SearchForm<Filters>
          reset={false}
          onSearch={(v) =>
            list.search({ sn: v.sn?.trim() || undefined, plantName: v.plantName?.trim() || undefined })
          }
        >
          <Form.Item name="plantName" label={t('operation.alarms.plant')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="sn" label={t('operation.alarms.sn')}>
            <Input allowClear />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: (r) => `${r.kind}:${r.sn}`,
        columns: [
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
            render: (v: string | null) => formatZoned(v, browserTimeZone()),
          },
          {
            title: t('operation.alarms.offlineSince'),
            dataIndex: 'offlineSince',
            render: (v: string | null) => formatZoned(v, browserTimeZone()),
          },
        ],
      }}
    />
  );
}

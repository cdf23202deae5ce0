import { Button, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import type { FaultRecordRow } from '@solarops/contracts';
import { ALARM_PAGE_SIZE, useFaultRecords } from '../alarm-shared/api.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';
import { pathOf } from '../../../router/paths.ts';

const detailPath = (r: FaultRecordRow) =>
  pathOf(r.kind === 'arcSpectrum' ? 'arcDetectionDetail' : 'machineFaultRecord', { id: r.recordId });

function RecordList({ kind, testId }: { kind?: FaultRecordRow['kind']; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<{ sn?: string }>({}, ALARM_PAGE_SIZE);
  const query = useFaultRecords({ kind, sn: list.filters.sn }, list.page, list.limit);
  return (
    <ListPage<FaultRecordRow, { sn?: string }>
      layout="titled"
      testId={testId}
      title={<PageTitle route={testId} />}
      list={list}
      query={query}
      search={
        <SearchForm<{ sn?: string }>
          reset={false}
          onSearch={(v) => list.search({ sn: v.sn?.trim() || undefined })}
        >
          <Form.Item name="sn" label={t('operation.alarms.deviceSn')}>
            <Input allowClear />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'recordId',
        columns: [
          {
            title: t('operation.alarms.time'),
            dataIndex: 'ts',
            render: (v: string) => formatZoned(v, browserTimeZone()),
          },
          {
            title: t('operation.alarms.kind'),
            dataIndex: 'kind',
            render: (k: string) => (
              <Tag color={k === 'arcSpectrum' ? 'red' : 'blue'}>{t(`operation.records.kinds.${k}`)}</Tag>
            ),
          },
          { title: t('operation.alarms.code'), dataIndex: 'code' },
          { title: t('alarm.description'), dataIndex: 'description' },
          { title: t('operation.alarms.plant'), dataIndex: 'plantName' },
          { title: t('operation.alarms.deviceSn'), dataIndex: 'deviceSn' },
          {
            title: t('common.operation'),
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => void navigate(detailPath(r))}>
                {t('operation.records.plot')}
              </Button>
            ),
          },
        ],
      }}
    />
  );
}

/** `faultRecord`: every fault record (grid waveforms and arc spectra). */
export function FaultRecordListPage() {
  return <RecordList testId="faultRecord" />;
}

/** `machineFault`: fault waveforms recorded by small inverters. */
export function MachineFaultPage() {
  return <RecordList kind="waveform" testId="machineFault" />;
}

/** `arcDetection`: arc-fault events with their current spectrum. */
export function ArcDetectionPage() {
  return <RecordList kind="arcSpectrum" testId="arcDetection" />;
}

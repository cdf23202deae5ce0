import { useState } from 'react';
import { Button, Card, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { type FaultRecordRow, useFaultRecords } from '../alarm-shared/api.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

const detailPath = (r: FaultRecordRow) =>
  r.kind === 'arcSpectrum'
    ? `/operation/arcDetectionDetail?id=${r.recordId}`
    : `/operation/machineFaultRecord?id=${r.recordId}`;

function RecordList({ kind, testId }: { kind?: FaultRecordRow['kind']; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sn, setSn] = useState<string>();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useFaultRecords({ kind, sn }, page, size);
  return (
    <Card data-testid={testId} title={<PageTitle route={testId} />}>
      <Form layout="inline" onFinish={(v: { sn?: string }) => (setSn(v.sn?.trim() || undefined), setPage(1))}>
        <Form.Item name="sn" label={t('operation.alarms.deviceSn')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('operation.alarms.search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<FaultRecordRow>
        style={{ marginTop: 16 }}
        rowKey="recordId"
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: t('operation.alarms.time'), dataIndex: 'ts', render: (v: string) => formatDate(v) },
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
        ]}
      />
      <Pagination
        total={data?.total ?? 0}
        page={page}
        limit={size}
        onChange={(p, l) => (setPage(p), setSize(l))}
      />
    </Card>
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

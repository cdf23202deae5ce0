import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Select, Space, Statistic, Table, Tag } from 'antd';
import { endpointPath, IV_CALLS, IV_FAULT_CLASS_NAMES, type IvStringRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useIvStrings, useIvTask } from './api.ts';
import { SecondClass } from './SecondClass.tsx';
import { CLASS_COLORS, ClassTags } from './ClassTags.tsx';
import { pathOf } from '../../../router/paths.ts';

const fixed = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));

/** `diagnosisResults`: one task's strings by class, and a table of every string to sort, filter and export. */
export function DiagnosisResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId') ?? 0);
  const task = useIvTask(taskId);
  const complete = task.data?.task.state === 'complete';
  const strings = useIvStrings(taskId, complete);
  const [faultClass, setFaultClass] = useState<string | undefined>();
  const [serial, setSerial] = useState('');
  const rows = useMemo(
    () =>
      (strings.data ?? []).filter(
        (r) =>
          (!faultClass || (r.faultClass ?? 'insufficient') === faultClass) &&
          r.serial.toLowerCase().includes(serial.trim().toLowerCase()),
      ),
    [strings.data, faultClass, serial],
  );
  const className = (r: IvStringRow) => r.faultClass ?? 'insufficient';
  const data = task.data;
  if (!taskId) return <Empty description={t('iv.noTask')} />;
  return (
    <QueryState
      isLoading={task.isLoading}
      error={task.error}
      isEmpty={!task.data}
      onRetry={() => void task.refetch()}
    >
      {data && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="diagnosis-results">
          <Card title={`${data.task.name} · ${data.task.plantName}`}>
            <Space size="large" wrap>
              <Statistic title={t('iv.state')} value={t(`iv.states.${data.task.state}`)} />
              <Statistic title={t('iv.inverters')} value={data.task.inverters} />
              <Statistic title={t('iv.failedInverters')} value={data.task.failedInverters} />
              <Statistic title={t('iv.strings')} value={data.task.strings} />
            </Space>
            <div style={{ marginTop: 12 }} data-testid="iv-class-summary">
              <ClassTags classes={data.task.classes} />
            </div>
            {(data.task.classes.insufficient ?? 0) > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginTop: 12 }}
                data-testid="iv-not-diagnosed"
                title={t('iv.someNotDiagnosed', { count: data.task.classes.insufficient })}
              />
            )}
          </Card>
          <Card>
            <Space wrap style={{ marginBottom: 12 }}>
              <Select
                allowClear
                placeholder={t('iv.faultClass')}
                style={{ width: 200 }}
                value={faultClass}
                onChange={setFaultClass}
                data-testid="iv-filter-class"
                options={[...IV_FAULT_CLASS_NAMES, 'insufficient'].map((c) => ({
                  value: c,
                  label: t(`iv.classes.${c}`),
                }))}
              />
              <Input
                allowClear
                placeholder={t('iv.serial')}
                value={serial}
                onChange={(e) => setSerial(e.target.value)}
                style={{ width: 200 }}
              />
              <ExportButton
                path={endpointPath(IV_CALLS.taskReport, { id: taskId })}
                params={{ format: 'csv' }}
                fileName={`iv-task-${taskId}.csv`}
                label={t('iv.exportCsv')}
                testId="iv-export-csv"
              />
              <ExportButton
                path={endpointPath(IV_CALLS.taskReport, { id: taskId })}
                params={{ format: 'pdf' }}
                fileName={`iv-task-${taskId}.pdf`}
                label={t('iv.exportPdf')}
                testId="iv-export-pdf"
              />
            </Space>
            <Table<IvStringRow>
              rowKey="id"
              size="small"
              loading={strings.isLoading}
              dataSource={rows}
              data-testid="iv-strings"
              pagination={{ pageSize: 50 }}
              // English headings are wider: the table scrolls within the card, its curves link always in view.
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: t('iv.serial'),
                  dataIndex: 'serial',
                  sorter: (a, b) => a.serial.localeCompare(b.serial),
                },
                { title: t('iv.stringNo'), dataIndex: 'stringNo', sorter: (a, b) => a.stringNo - b.stringNo },
                {
                  title: t('iv.faultClass'),
                  render: (_, r) => (
                    <Tag color={CLASS_COLORS[className(r)] ?? 'warning'}>
                      {r.insufficient
                        ? t(`iv.insufficient.${r.insufficient}`)
                        : t(`iv.classes.${className(r)}`)}
                    </Tag>
                  ),
                },
                {
                  title: t('iv.confidence'),
                  dataIndex: 'confidence',
                  sorter: (a, b) => (a.confidence ?? -1) - (b.confidence ?? -1),
                  render: (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(0)} %`),
                },
                {
                  title: t('iv.secondClass'),
                  render: (_, r) =>
                    r.faultClass === null || r.confidence === null ? (
                      '-'
                    ) : (
                      <SecondClass
                        first={r.faultClass}
                        confidence={r.confidence}
                        second={r.secondClass}
                        secondConfidence={r.secondConfidence}
                        lowConfidence={r.lowConfidence}
                      />
                    ),
                },
                {
                  title: t('iv.performanceFactor'),
                  dataIndex: 'performanceFactor',
                  sorter: (a, b) => (a.performanceFactor ?? -1) - (b.performanceFactor ?? -1),
                  render: (v: number | null) => fixed(v, 3),
                },
                {
                  title: t('iv.pmpStc'),
                  dataIndex: 'pmpStcW',
                  sorter: (a, b) => (a.pmpStcW ?? -1) - (b.pmpStcW ?? -1),
                  render: (v: number | null) => fixed(v, 0),
                },
                {
                  title: t('iv.energyLost'),
                  dataIndex: 'energyLostKwhPerDay',
                  sorter: (a, b) => (a.energyLostKwhPerDay ?? -1) - (b.energyLostKwhPerDay ?? -1),
                  render: (v: number | null) => fixed(v, 2),
                },
                { title: t('iv.judgedAgainst'), dataIndex: 'modulesInSeries' },
                { title: t('iv.poa'), dataIndex: 'poaWm2', render: (v: number) => v.toFixed(0) },
                { title: t('iv.moduleTemp'), dataIndex: 'moduleTempC', render: (v: number) => v.toFixed(1) },
                {
                  title: t('common.operation'),
                  fixed: 'right',
                  render: (_, r) => (
                    <Button
                      type="link"
                      size="small"
                      data-testid={`iv-string-${r.serial}-${r.stringNo}`}
                      onClick={() => void navigate(pathOf('diagnosisResults1', { stringId: r.id }))}
                    >
                      {t('iv.curves')}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}

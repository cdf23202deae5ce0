import type { ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import type { AlarmFilters } from './api.ts';

interface FormValues {
  plantName?: string;
  sn?: string;
  level?: number;
  code?: number;
  status?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Search and reset over the alarm filters (plant, serial, level, code, status, dates). */
export function AlarmFilterBar({
  withStatus,
  onSearch,
  extra,
}: {
  withStatus: boolean;
  onSearch(filters: AlarmFilters): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (v: Partial<FormValues>) => {
    onSearch({
      plantName: v.plantName?.trim() || undefined,
      sn: v.sn?.trim() || undefined,
      level: v.level,
      code: v.code ?? undefined,
      status: v.status,
      startDate: v.range?.[0]?.format('YYYY-MM-DD'),
      endDate: v.range?.[1]?.format('YYYY-MM-DD'),
    });
  };
  return (
    <SearchForm<FormValues> onSearch={submit} extra={extra} testId="alarm-filters">
      <Form.Item name="plantName" label={t('operation.alarms.plant')}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="sn" label={t('operation.alarms.sn')}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="level" label={t('alarm.level')}>
        <Select
          allowClear
          style={{ width: 110 }}
          options={[1, 2, 3].map((l) => ({ value: l, label: t(`alarm.levels.${l}`) }))}
        />
      </Form.Item>
      <Form.Item name="code" label={t('operation.alarms.code')}>
        <InputNumber min={1} max={65535} style={{ width: 100 }} />
      </Form.Item>
      {withStatus && (
        <Form.Item name="status" label={t('operation.alarms.statusLabel')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[0, 1].map((s) => ({ value: s, label: t(`operation.alarms.status.${s}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="range" label={t('operation.alarms.dates')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </SearchForm>
  );
}

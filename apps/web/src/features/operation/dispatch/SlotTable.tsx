import { Button, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DISPATCH_STATES, type DispatchSlot, DISPATCH_LIMITS } from './scheduleModel.ts';

/** The slots of one day profile (weekday or weekend) as an editable table: time span, state, power, SoC bounds. */
export function SlotTable({
  slots,
  onChange,
  testId,
}: {
  slots: readonly DispatchSlot[];
  onChange(slots: DispatchSlot[]): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const edit = (index: number, patch: Partial<DispatchSlot>) =>
    onChange(slots.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const last = slots.at(-1);
  return (
    <>
      <Table<DispatchSlot & { index: number }>
        data-testid={testId}
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={slots.map((s, index) => ({ ...s, index }))}
        columns={[
          { title: '#', dataIndex: 'index', width: 48, render: (i: number) => i + 1 },
          {
            title: t('commands.dispatch.start'),
            dataIndex: 'start',
            render: (v: string, row) => (
              <Select
                showSearch
                style={{ width: 96 }}
                value={v}
                aria-label={t('commands.dispatch.start')}
                options={QUARTERS.slice(0, -1).map((e) => ({ value: e, label: e }))}
                onChange={(start: string) => edit(row.index, { start })}
              />
            ),
          },
          {
            title: t('commands.dispatch.end'),
            dataIndex: 'end',
            render: (v: string, row) => (
              <Select
                showSearch
                style={{ width: 96 }}
                value={v}
                aria-label={t('commands.dispatch.end')}
                options={QUARTERS.slice(1).map((e) => ({ value: e, label: e }))}
                onChange={(end: string) => edit(row.index, { end })}
              />
            ),
          },
          {
            title: t('commands.dispatch.state'),
            dataIndex: 'state',
            render: (v: DispatchSlot['state'], row) => (
              <Select
                style={{ width: 150 }}
                value={v}
                aria-label={t('commands.dispatch.state')}
                options={DISPATCH_STATES.map((s) => ({
                  value: s,
                  label: t(`commands.dispatch.states.${s}`),
                }))}
                onChange={(state: DispatchSlot['state']) => edit(row.index, { state })}
              />
            ),
          },
          {
            title: t('commands.dispatch.powerW'),
            dataIndex: 'powerW',
            render: (v: number, row) => (
              <InputNumber
                min={0}
                max={DISPATCH_LIMITS.powerWMax}
                step={100}
                value={v}
                disabled={row.state === 'hold' || row.state === 'selfConsumption'}
                aria-label={t('commands.dispatch.powerW')}
                onChange={(powerW) => edit(row.index, { powerW: powerW ?? 0 })}
              />
            ),
          },
          {
            title: t('commands.dispatch.minSoc'),
            dataIndex: 'minSocPercent',
            render: (v: number, row) => (
              <InputNumber
                min={0}
                max={100}
                value={v}
                aria-label={t('commands.dispatch.minSoc')}
                onChange={(minSocPercent) => edit(row.index, { minSocPercent: minSocPercent ?? 0 })}
              />
            ),
          },
          {
            title: t('commands.dispatch.maxSoc'),
            dataIndex: 'maxSocPercent',
            render: (v: number, row) => (
              <InputNumber
                min={0}
                max={100}
                value={v}
                aria-label={t('commands.dispatch.maxSoc')}
                onChange={(maxSocPercent) => edit(row.index, { maxSocPercent: maxSocPercent ?? 100 })}
              />
            ),
          },
          {
            title: '',
            key: 'remove',
            width: 48,
            render: (_, row) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('commands.dispatch.removeSlot')}
                onClick={() => onChange(slots.filter((_s, i) => i !== row.index))}
              />
            ),
          },
        ]}
      />
      <Button
        style={{ marginTop: 8 }}
        icon={<PlusOutlined />}
        disabled={slots.length >= DISPATCH_LIMITS.slotsPerDayMax}
        onClick={() => {
          // A new slot starts where the last one ends, an hour long: the usual way a day is filled.
          const start = last && last.end !== '24:00' ? last.end : '00:00';
          const end = QUARTERS[Math.min(QUARTERS.indexOf(start) + 4, QUARTERS.length - 1)] ?? '24:00';
          onChange([
            ...slots,
            {
              start,
              end,
              state: 'selfConsumption',
              powerW: 0,
              minSocPercent: 10,
              maxSocPercent: 100,
            },
          ]);
        }}
      >
        {t('commands.dispatch.addSlot', { max: DISPATCH_LIMITS.slotsPerDayMax })}
      </Button>
    </>
  );
}

/** Quarter hours from 00:00 to 24:00: a slot starts and ends on one. */
const QUARTERS = Array.from({ length: 97 }, (_, i) => {
  const m = i * 15;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});

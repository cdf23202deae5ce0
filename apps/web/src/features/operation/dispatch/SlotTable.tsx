import { Button, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COMMAND_LIMITS, DISPATCH_MODES, type DispatchSlot } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { hhmm } from '../command-shared/settingsForm.ts';
import { QUARTERS, withSlotAdded } from './slotTime.ts';

/** Highest charge or discharge power offered in the editor [W] (the contract allows more for large sites). */
const POWER_W_MAX = 1_000_000;

/** The slots of one day profile (weekday or weekend) as an editable table: time span, mode, power, SoC bounds. */
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
  const percent = (field: 'socMin' | 'socMax', label: string) => ({
    title: label,
    dataIndex: field,
    render: (v: number, row: DispatchSlot & { index: number }) => (
      <InputNumber
        min={0}
        max={100}
        value={v}
        aria-label={label}
        onChange={(x) => edit(row.index, { [field]: x ?? 0 })}
      />
    ),
  });
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
          ...(['start', 'end'] as const).map((field) => ({
            title: t(`commands.dispatch.${field}`),
            dataIndex: field,
            render: (v: number, row: DispatchSlot & { index: number }) => (
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 96 }}
                value={v}
                aria-label={t(`commands.dispatch.${field}`)}
                options={(field === 'start' ? QUARTERS.slice(0, -1) : QUARTERS.slice(1)).map((m) => ({
                  value: m,
                  label: hhmm(m),
                }))}
                onChange={(m: number) => edit(row.index, { [field]: m })}
              />
            ),
          })),
          {
            title: t('commands.dispatch.mode'),
            dataIndex: 'mode',
            render: (v: DispatchSlot['mode'], row) => (
              <Select
                style={{ width: 150 }}
                value={v}
                aria-label={t('commands.dispatch.mode')}
                options={DISPATCH_MODES.map((m) => ({ value: m, label: t(`commands.dispatch.modes.${m}`) }))}
                onChange={(mode: DispatchSlot['mode']) => edit(row.index, { mode })}
              />
            ),
          },
          {
            title: t('commands.dispatch.powerW'),
            dataIndex: 'powerW',
            render: (v: number, row) => (
              <InputNumber
                min={0}
                max={POWER_W_MAX}
                step={100}
                value={v}
                disabled={row.mode === 'hold'}
                aria-label={t('commands.dispatch.powerW')}
                onChange={(powerW) => edit(row.index, { powerW: powerW ?? 0 })}
              />
            ),
          },
          percent('socMin', t('commands.dispatch.minSoc')),
          percent('socMax', t('commands.dispatch.maxSoc')),
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
        disabled={slots.length >= COMMAND_LIMITS.maxDispatchSlots}
        onClick={() => onChange(withSlotAdded(slots))}
      >
        {t('commands.dispatch.addSlot', { max: COMMAND_LIMITS.maxDispatchSlots })}
      </Button>
    </>
  );
}

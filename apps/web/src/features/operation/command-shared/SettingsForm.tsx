import { useEffect, useMemo } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RevertCountdown } from './RevertCountdown.tsx';
import { changedValues, checkValue, decimalsOf, type FormPoint } from './settingsForm.ts';
import { formatTimeLeft } from './revertTimer.ts';

/**
 * The one settings form (issue 16): generated from a device model's settings profile, one row per point with
 * its current value as read from the device, the new value, its unit, range and help, and the time left on a
 * value that reverts. Edits are checked against the profile before `onSubmit` gets only what changed.
 */
export function SettingsForm({
  points,
  current,
  reverts,
  busy,
  submitLabel,
  onSubmit,
}: {
  points: readonly FormPoint[];
  /** The device's current values by point name (undefined until read). */
  current: Readonly<Record<string, unknown>> | undefined;
  /** When each reverting value falls back [ms since the epoch], by point name. */
  reverts?: Readonly<Record<string, number>>;
  busy?: boolean;
  submitLabel?: string;
  onSubmit(changes: Record<string, unknown>): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);
  const rows = useMemo(() => points.map((p) => ({ ...p, key: p.name })), [points]);
  return (
    <Form
      form={form}
      component="div"
      data-testid="settings-form"
      onFinish={(values) => onSubmit(changedValues(points, current ?? {}, values))}
    >
      <Table<FormPoint & { key: string }>
        size="small"
        pagination={false}
        dataSource={rows}
        rowKey="key"
        columns={[
          {
            title: t('commands.form.point'),
            dataIndex: 'label',
            render: (label: string, p) => (
              <span>
                {p.group && <Tag>{p.group}</Tag>}
                {label}{' '}
                {p.help && (
                  <Tooltip title={p.help}>
                    <QuestionCircleOutlined aria-label={p.help} />
                  </Tooltip>
                )}
              </span>
            ),
          },
          {
            title: t('commands.form.current'),
            key: 'current',
            render: (_, p) => <span data-testid={`current-${p.name}`}>{shown(p, current?.[p.name], t)}</span>,
          },
          {
            title: t('commands.form.newValue'),
            key: 'input',
            render: (_, p) =>
              p.readOnly ? (
                <Typography.Text type="secondary">{t('commands.form.readOnly')}</Typography.Text>
              ) : (
                <Form.Item
                  name={p.name}
                  style={{ margin: 0 }}
                  valuePropName={p.type === 'bool' ? 'checked' : 'value'}
                  rules={[
                    {
                      validator: async (_r, value: unknown) => {
                        // An untouched point is not sent, whatever it holds.
                        if (value === current?.[p.name]) return;
                        const problem = checkValue(p, value);
                        if (problem)
                          throw new Error(t(`commands.form.problems.${problem.key}`, problem.values));
                      },
                    },
                  ]}
                >
                  {input(p, t)}
                </Form.Item>
              ),
          },
          {
            title: t('commands.form.range'),
            key: 'range',
            render: (_, p) => (p.type === 'number' ? rangeText(p) : ''),
          },
          {
            title: t('commands.form.revert'),
            key: 'revert',
            render: (_, p) => {
              const until = reverts?.[p.name];
              if (until) return <RevertCountdown until={until} />;
              return p.revertSeconds ? (
                <Typography.Text type="secondary">
                  {t('commands.form.revertsAfter', { time: formatTimeLeft(p.revertSeconds) })}
                </Typography.Text>
              ) : null;
            },
          },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        loading={busy}
        disabled={!current}
        onClick={() => form.submit()}
        data-testid="settings-submit"
      >
        {submitLabel ?? t('commands.form.submit')}
      </Button>
    </Form>
  );
}

function input(p: FormPoint, t: (k: string) => string) {
  switch (p.type) {
    case 'bool':
      return <Switch aria-label={p.label} />;
    case 'enum':
      return (
        <Select style={{ minWidth: 160 }} aria-label={p.label} options={p.options?.map((o) => ({ ...o }))} />
      );
    case 'time':
      return <Input style={{ width: 96 }} aria-label={p.label} placeholder={t('commands.form.timeHint')} />;
    case 'number':
      return (
        <InputNumber
          aria-label={p.label}
          style={{ width: 160 }}
          step={p.scale < 1 ? p.scale : 1}
          addonAfter={p.unit || undefined}
        />
      );
  }
}

const rangeText = (p: FormPoint) =>
  p.min === undefined && p.max === undefined
    ? ''
    : `${p.min ?? '−∞'} … ${p.max ?? '∞'}${p.unit ? ` ${p.unit}` : ''}`;

function shown(p: FormPoint, value: unknown, t: (k: string) => string): string {
  if (value === undefined || value === null) return '—';
  if (p.type === 'bool') return t(value ? 'commands.form.on' : 'commands.form.off');
  if (p.type === 'enum') return p.options?.find((o) => o.value === value)?.label ?? String(value);
  if (p.type === 'number' && typeof value === 'number')
    return `${value.toFixed(decimalsOf(p.scale))}${p.unit ? ` ${p.unit}` : ''}`;
  return String(value);
}

import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Switch, Table, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { PointValues, SettingPoint, SettingsProfile } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../../i18n/language.ts';
import { RevertCountdown } from './RevertCountdown.tsx';
import { changedValues, decimalsOf, formatPointValue, hhmm, minutesOf, problemOf } from './settingsForm.ts';
import { formatTimeLeft } from './revertTimer.ts';

/**
 * The one settings form (issue 16): generated from a device model's settings profile, a section per group of
 * points and a row per point with its current value as read from the device, the new value, the range and help,
 * and the time left on a value that reverts. Edits are checked against the profile before `onSubmit` gets only
 * what changed (a time-of-use slot whole).
 */
export function SettingsForm({
  profile,
  current,
  reverts,
  busy,
  onSubmit,
}: {
  profile: SettingsProfile;
  /** The device's current values by point name (undefined until read). */
  current: Readonly<PointValues> | undefined;
  /** When each reverting value falls back [ms since the epoch], by point name. */
  reverts?: Readonly<Record<string, number>>;
  busy?: boolean;
  onSubmit(changes: PointValues): void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  const [form] = Form.useForm<Record<string, unknown>>();
  const [nothingChanged, setNothingChanged] = useState(false);
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);
  const sections = useMemo(
    () =>
      profile.groups
        .map((g) => ({ ...g, points: profile.points.filter((p) => p.group === g.key) }))
        .filter((g) => g.points.length > 0),
    [profile],
  );
  const revertSeconds = (p: SettingPoint) => (p.revertTimer ? current?.[p.revertTimer] : undefined);
  return (
    <Form
      form={form}
      component="div"
      data-testid="settings-form"
      onFinish={(values) => {
        const changes = changedValues(profile.points, current ?? {}, values);
        setNothingChanged(Object.keys(changes).length === 0);
        if (Object.keys(changes).length > 0) onSubmit(changes);
      }}
    >
      {sections.map((section) => (
        <Card key={section.key} size="small" title={section.label[lang]} style={{ marginBottom: 12 }}>
          <Table<SettingPoint>
            size="small"
            pagination={false}
            dataSource={section.points}
            rowKey="name"
            columns={[
              {
                title: t('commands.form.point'),
                dataIndex: 'name',
                width: '30%',
                render: (_, p) => (
                  <span>
                    {p.label[lang]}{' '}
                    <Tooltip title={p.help[lang]}>
                      <QuestionCircleOutlined aria-label={p.help[lang]} />
                    </Tooltip>
                  </span>
                ),
              },
              {
                title: t('commands.form.current'),
                key: 'current',
                render: (_, p) => (
                  <span data-testid={`current-${p.name}`}>
                    {formatPointValue(p, current?.[p.name], lang, t)}
                  </span>
                ),
              },
              {
                title: t('commands.form.newValue'),
                key: 'input',
                render: (_, p) =>
                  p.access === 'r' ? (
                    <Typography.Text type="secondary">{t('commands.form.readOnly')}</Typography.Text>
                  ) : (
                    <Form.Item
                      name={p.name}
                      style={{ margin: 0 }}
                      rules={[
                        {
                          validator: async (_r, value: unknown) => {
                            // An untouched point is not sent, whatever it holds.
                            if (value === current?.[p.name]) return;
                            const problem = problemOf(p, value);
                            if (problem)
                              throw new Error(t(`commands.form.problems.${problem.key}`, problem.values));
                          },
                        },
                      ]}
                    >
                      <PointInput point={p} lang={lang} />
                    </Form.Item>
                  ),
              },
              {
                title: t('commands.form.range'),
                key: 'range',
                render: (_, p) =>
                  p.type === 'number'
                    ? `${p.min} … ${p.max}${p.unit ? ` ${p.unit}` : ''}`
                    : p.type === 'time'
                      ? `${hhmm(p.min)} … ${hhmm(p.max)}`
                      : '',
              },
              {
                title: t('commands.form.revert'),
                key: 'revert',
                render: (_, p) => {
                  const until = reverts?.[p.name];
                  if (until) return <RevertCountdown until={until} />;
                  const seconds = revertSeconds(p);
                  return seconds ? (
                    <Typography.Text type="secondary">
                      {t('commands.form.revertsAfter', { time: formatTimeLeft(seconds) })}
                    </Typography.Text>
                  ) : null;
                },
              },
            ]}
          />
        </Card>
      ))}
      {nothingChanged && (
        <Typography.Text type="warning">{t('commands.form.nothingChanged')}</Typography.Text>
      )}
      <div>
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={busy}
          disabled={!current}
          onClick={() => form.submit()}
          data-testid="settings-submit"
        >
          {t('commands.form.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** The input of one point's new value (the form passes `value` and `onChange`). */
export function PointInput({
  point,
  lang,
  value,
  onChange,
}: {
  point: SettingPoint;
  lang: Language;
  value?: number;
  onChange?: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  const label = point.label[lang];
  switch (point.type) {
    case 'bool':
      return <Switch aria-label={label} checked={value === 1} onChange={(on) => onChange?.(on ? 1 : 0)} />;
    case 'enum':
      return (
        <Select
          style={{ minWidth: 180 }}
          aria-label={label}
          value={value}
          onChange={(v: number) => onChange?.(v)}
          options={point.options?.map((o) => ({ value: o.value, label: o.label[lang] }))}
        />
      );
    case 'time':
      return (
        <TimeInput
          label={label}
          value={value}
          onChange={onChange}
          placeholder={t('commands.form.timeHint')}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          aria-label={label}
          style={{ width: 180 }}
          value={value}
          precision={decimalsOf(point)}
          step={10 ** point.scale}
          suffix={point.unit || undefined}
          onChange={(v) => onChange?.(v)}
        />
      );
  }
}

/** Minutes after midnight typed as HH:MM; anything else is handed on as NaN for the form to refuse. */
function TimeInput({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value?: number;
  placeholder: string;
  onChange?: (v: number) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : hhmm(value));
  useEffect(() => {
    if (value !== undefined && minutesOf(text) !== value) setText(hhmm(value));
    // Only a value from outside (a read from the device) replaces what the user is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      aria-label={label}
      style={{ width: 96 }}
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(minutesOf(e.target.value));
      }}
    />
  );
}

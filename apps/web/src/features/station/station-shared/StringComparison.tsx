import './station.css';
import { useMemo } from 'react';
import { Card, Tag, Tooltip } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { compareStrings, ratioColor, type HistoryPoint, WEAK_RATIO } from './stringComparison.ts';

const fixed = (x: number | null, digits: number) => (x === null ? '–' : x.toFixed(digits));

/**
 * The inverter's strings side by side (one column each): latest voltage, current and power, the day's charge and
 * energy, and the charge against the median string as a heat-map row; a weak string's column is marked.
 */
export function StringComparison({
  fields,
  points,
  strings,
}: {
  fields: readonly string[];
  points: readonly HistoryPoint[];
  strings: number;
}) {
  const { t } = useTranslation();
  const figures = useMemo(() => compareStrings(fields, points, strings), [fields, points, strings]);
  const weak = figures.filter((s) => s.weak);
  const rows: { key: string; label: string; cell(s: (typeof figures)[number]): string }[] = [
    { key: 'v', label: t('station.strings.voltage'), cell: (s) => fixed(s.voltageV, 1) },
    { key: 'i', label: t('station.strings.current'), cell: (s) => fixed(s.currentA, 2) },
    { key: 'p', label: t('station.strings.power'), cell: (s) => fixed(s.powerW, 0) },
    { key: 'ah', label: t('station.strings.charge'), cell: (s) => s.chargeAh.toFixed(1) },
    { key: 'e', label: t('station.strings.energy'), cell: (s) => s.energyKwh.toFixed(2) },
  ];
  return (
    <Card
      size="small"
      title={t('station.strings.title')}
      data-testid="string-comparison"
      extra={
        weak.length > 0 ? (
          <Tag color="error" icon={<WarningFilled />} data-testid="weak-strings">
            {t('station.strings.weakFound', { list: weak.map((s) => `PV${s.n}`).join(', ') })}
          </Tag>
        ) : (
          <span className="station-strings-hint">
            {t('station.strings.hint', { percent: Math.round(WEAK_RATIO * 100) })}
          </span>
        )
      }
    >
      <div className="station-strings-wrap">
        <table className="station-strings">
          <thead>
            <tr>
              <th />
              {figures.map((s) => (
                <th key={s.n} className={s.weak ? 'is-weak' : undefined} data-testid={`string-head-${s.n}`}>
                  PV{s.n}
                  {s.weak ? (
                    <Tooltip title={t('station.strings.weak')}>
                      <WarningFilled
                        className="station-strings-warn"
                        aria-label={t('station.strings.weak')}
                      />
                    </Tooltip>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {figures.map((s) => (
                  <td key={s.n} className={s.weak ? 'is-weak' : undefined}>
                    {r.cell(s)}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{t('station.strings.ratio')}</th>
              {figures.map((s) => (
                <td
                  key={s.n}
                  className="station-strings-heat"
                  style={{ background: ratioColor(s.ratio) }}
                  data-testid={`string-ratio-${s.n}`}
                >
                  {s.ratio === null ? '–' : `${Math.round(s.ratio * 100)} %`}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}

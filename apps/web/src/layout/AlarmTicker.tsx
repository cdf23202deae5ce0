import { useEffect, useState } from 'react';
import { Badge, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlarmTicker, useAlarmTotal } from '../api/alarms.ts';
import { pathOf } from '../router/paths.ts';

/** Spec §9: the ticker moves one line (50 px) every 3 s. */
const TICKER_LINE_PX = 50;
const TICKER_STEP_MS = 3000;
/** Spec §9: the badge shows 99+ beyond this. */
export const BADGE_MAX = 99;

/** The alarm ticker and counter of the top bar, shown to distributors (roleId 2) only (spec §2). */
export function AlarmTicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: total = 0 } = useAlarmTotal(true);
  const { data: ticker } = useAlarmTicker(true);
  const rows = ticker?.rows ?? [];
  const [line, setLine] = useState(0);

  useEffect(() => {
    if (rows.length < 2) return;
    const id = window.setInterval(() => setLine((l) => (l + 1) % rows.length), TICKER_STEP_MS);
    return () => window.clearInterval(id);
  }, [rows.length]);

  return (
    <div className="alarm-bar" data-testid="alarm-bar">
      {rows.length > 0 && (
        <div className="alarm-ticker">
          <div
            className="alarm-ticker-track"
            style={{ transform: `translateY(-${line * TICKER_LINE_PX}px)` }}
          >
            {rows.map((r) => (
              <div className="alarm-ticker-line" key={String(r.alarmId)}>
                {r.collectName} {r.description ?? r.message}
              </div>
            ))}
          </div>
        </div>
      )}
      <Tooltip title={t('alarm.counter')}>
        <button
          type="button"
          className="icon-button"
          data-testid="alarm-counter"
          onClick={() => void navigate(pathOf('alarmlist'))}
        >
          <Badge count={typeof total === 'number' ? total : 0} overflowCount={BADGE_MAX} size="small">
            <BellOutlined />
          </Badge>
        </button>
      </Tooltip>
    </div>
  );
}

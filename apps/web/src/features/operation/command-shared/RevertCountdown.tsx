import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft, secondsLeft } from './revertTimer.ts';

/** The time left before a setting reverts, counting down each second; "reverted" once it has run out. */
export function RevertCountdown({ until }: { until: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return left > 0 ? (
    <Tag color="orange" data-testid="revert-countdown">
      {t('commands.revert.left', { time: formatTimeLeft(left) })}
    </Tag>
  ) : (
    <Tag data-testid="revert-countdown">{t('commands.revert.reverted')}</Tag>
  );
}

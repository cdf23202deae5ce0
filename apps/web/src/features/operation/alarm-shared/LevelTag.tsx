import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLOR } from '../../../components/format/levelColor.ts';

/** An alarm level as a tag: green, orange, red for 1, 2, 3 (spec §9). */
export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLOR[level]}>{t(`alarm.levels.${level}`)}</Tag>;
}

/** Status 0 occurred, 1 recovered. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={status === 0 ? 'red' : 'default'}>{t(`operation.alarms.status.${status}`)}</Tag>;
}

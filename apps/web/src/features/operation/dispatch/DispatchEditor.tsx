import { Alert, Button, Tabs } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { DispatchSchedule, ScheduleProblem } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { problemValues } from './slotTime.ts';
import { SlotTable } from './SlotTable.tsx';

const DAYS = ['weekday', 'weekend'] as const;

/**
 * A battery schedule: a weekday and a weekend profile of slots, and, above them, why it cannot be sent (two
 * overlapping slots named by number and time, a day with more slots than the device holds: never cut to fit).
 */
export function DispatchEditor({
  value,
  problem,
  onChange,
}: {
  value: DispatchSchedule;
  problem: ScheduleProblem | undefined;
  onChange(value: DispatchSchedule): void;
}) {
  const { t } = useTranslation();
  const key = problem?.message.replace(/^commands\./, '');
  return (
    <>
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="dispatch-problem"
          title={t('commands.dispatch.cannotSend')}
          description={`${t(`commands.dispatch.days.${problem.day}`)}: ${t(
            `commands.dispatch.problems.${key}`,
            problemValues(problem, value[problem.day]),
          )}`}
        />
      )}
      <Tabs
        items={DAYS.map((day) => ({
          key: day,
          label: `${t(`commands.dispatch.days.${day}`)} (${value[day].length})`,
          children: (
            <SlotTable
              testId={`dispatch-slots-${day}`}
              slots={value[day]}
              onChange={(slots) => onChange({ ...value, [day]: slots })}
            />
          ),
        }))}
        tabBarExtraContent={
          <Button
            icon={<CopyOutlined />}
            onClick={() => onChange({ ...value, weekend: value.weekday.map((s) => ({ ...s })) })}
          >
            {t('commands.dispatch.copyWeekday')}
          </Button>
        }
      />
    </>
  );
}

import { Alert, Button, Tabs } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DAY_PROFILES, type DispatchSchedule, type ScheduleProblem } from './scheduleModel.ts';
import { SlotTable } from './SlotTable.tsx';

/**
 * A battery schedule: a weekday and a weekend profile of slots, and, above them, every reason it cannot be sent
 * (overlapping slots named by number and time, a day that does not fit the device's time-of-use slots).
 */
export function DispatchEditor({
  value,
  problems,
  onChange,
}: {
  value: DispatchSchedule;
  problems: readonly ScheduleProblem[];
  onChange(value: DispatchSchedule): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="dispatch-problems"
          title={t('commands.dispatch.cannotSend')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problems.map((p) => (
                <li key={`${p.profile}-${p.key}-${JSON.stringify(p.values)}`}>
                  {t(`commands.dispatch.profiles.${p.profile}`)}:{' '}
                  {t(`commands.dispatch.problems.${p.key}`, p.values)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        items={DAY_PROFILES.map((profile) => ({
          key: profile,
          label: t(`commands.dispatch.profiles.${profile}`),
          children: (
            <SlotTable
              testId={`dispatch-slots-${profile}`}
              slots={value[profile]}
              onChange={(slots) => onChange({ ...value, [profile]: slots })}
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

import { lazy, Suspense } from 'react';
import { useAlarmSettings } from '../api/alarms.ts';

// The dialog (its table and pagination) loads only for the users who get it.
const AlarmDialog = lazy(() => import('./AlarmDialog.tsx').then((m) => ({ default: m.AlarmDialog })));

/**
 * Who gets the dialog: distributors (spec §2, with the ticker and counter) and any user an administrator granted
 * the auto-opening dialog (`alarmAutoPopup`, the spec's one special account made a per-user setting).
 */
export function AlarmDialogGate({ distributor }: { distributor: boolean }) {
  const { data: settings } = useAlarmSettings();
  return distributor || settings?.alarmAutoPopup ? (
    <Suspense>
      <AlarmDialog />
    </Suspense>
  ) : null;
}

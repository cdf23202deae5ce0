import { DeviceListView } from './DeviceListView.tsx';

/** `devicelist`: string and micro inverters. */
export function DeviceListPage() {
  return (
    <DeviceListView
      families={['stringInverter', 'microInverter']}
      testId="devicelist"
      titleKey="menu.devicelist"
    />
  );
}

/** `devicelist1`: energy storage, hybrid inverters and batteries with their state of charge. */
export function DeviceList1Page() {
  return (
    <DeviceListView
      families={['hybridInverter', 'battery']}
      storage
      testId="devicelist1"
      titleKey="menu.devicelist1"
    />
  );
}

/** `devicelistZT`: meters and weather stations. */
export function DeviceListZTPage() {
  return (
    <DeviceListView
      families={['meter', 'weatherStation']}
      testId="devicelistZT"
      titleKey="menu.devicelistZT"
    />
  );
}

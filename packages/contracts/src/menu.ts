/**
 * The console's route names (spec §2), grouped as the menu groups them. A route name is the same word in the
 * console's route table, the menu, the locale keys (`menu.<name>`) and the permission lists checked by the
 * server. Group entries are the menu's top-level folders; their names are capitalised so that they never clash
 * with the `exhibit` group's children `station` and `operation`.
 */
export const MENU_TREE = [
  { name: 'dashboard', children: [] },
  { name: 'Permission', children: ['PagePermission'] },
  {
    name: 'Station',
    children: [
      'list',
      'devicelist',
      'details',
      'dialogcollectinfor',
      'devicelist1',
      'devicelistZT',
      'collectorSearch',
      'collectList',
    ],
  },
  {
    name: 'Operation',
    children: [
      'question',
      'form',
      'alarm',
      'alarmstatistics',
      'alarmlist',
      'alarmlist1',
      'BIAlarmList',
      'BIDetails',
      'BIFaultDetailList',
      'alarmdetails',
      'offinelist',
      'card',
      'renew',
      'renewDetails',
      'bill',
      'update',
      'diagnosis',
      'dispatch',
      'debug',
      'diagnosisResults',
      'diagnosisResults1',
      'faultRecord',
      'remoteSet',
      'remoteSet1',
      'remoteSetSubmit',
      'remoteSetSubmit1',
      'scheduleList',
      'setUpList',
      'machineFault',
      'arcDetection',
      'arcDetectionDetail',
      'machineFaultRecord',
      'EventRecordPage',
      'FaultRecordPage',
      'RunningRecordPage',
      'relationList',
      'CustomReport',
      'abnormalReport',
      'addCustomReport',
      'YongfuRemoteSettings',
      'faultRemote',
    ],
  },
  {
    name: 'Set',
    children: [
      'accountback',
      'shipment',
      'businessman',
      'Install',
      'deviceuser',
      'staff',
      'system',
      'permissions',
      'enterprise',
      'logList',
      'standardSNnumber',
    ],
  },
  { name: 'Manual', children: ['manual'] },
  { name: 'Exhibit', children: ['station', 'overview', 'equipment', 'operation'] },
] as const;

export type MenuGroupName = (typeof MENU_TREE)[number]['name'];
export type RouteName = (typeof MENU_TREE)[number]['children'][number] | 'dashboard';

/** Every route name that a permission list may hold (children only; a group shows when a child is allowed). */
export const ROUTE_NAMES: readonly RouteName[] = MENU_TREE.flatMap((g) =>
  g.children.length === 0 ? [g.name as RouteName] : (g.children as readonly RouteName[]),
);

export const isRouteName = (name: string): name is RouteName =>
  (ROUTE_NAMES as readonly string[]).includes(name);

/** Routes never shown in the menu even when permitted (spec §2); they open from other screens. */
export const ALWAYS_HIDDEN: readonly RouteName[] = [
  'PagePermission',
  'details',
  'dialogcollectinfor',
  'question',
  'alarmdetails',
  'BIDetails',
  'BIFaultDetailList',
  'renew',
  'renewDetails',
  'diagnosisResults',
  'diagnosisResults1',
  'remoteSetSubmit',
  'remoteSetSubmit1',
  'scheduleList',
  'setUpList',
  'arcDetectionDetail',
  'machineFaultRecord',
  'EventRecordPage',
  'FaultRecordPage',
  'RunningRecordPage',
  'addCustomReport',
  'faultRemote',
];

const group = (name: MenuGroupName): RouteName[] =>
  [...(MENU_TREE.find((g) => g.name === name)?.children ?? [])] as RouteName[];

const STATION_VIEW: RouteName[] = group('Station');
const ALARM_VIEW: RouteName[] = [
  'alarm',
  'alarmstatistics',
  'alarmlist',
  'alarmlist1',
  'alarmdetails',
  'offinelist',
  'faultRecord',
  'EventRecordPage',
  'FaultRecordPage',
  'RunningRecordPage',
];
const OPERATIONS_WORK: RouteName[] = [
  ...ALARM_VIEW,
  'question',
  'BIAlarmList',
  'BIDetails',
  'BIFaultDetailList',
  'form',
  'card',
  'renew',
  'renewDetails',
  'bill',
  'update',
  'scheduleList',
  'diagnosis',
  'diagnosisResults',
  'diagnosisResults1',
  'remoteSet',
  'remoteSetSubmit',
  'setUpList',
  'dispatch',
  'machineFault',
  'machineFaultRecord',
  'arcDetection',
  'arcDetectionDetail',
  'relationList',
  'CustomReport',
  'addCustomReport',
  'abnormalReport',
];
const EXHIBIT: RouteName[] = group('Exhibit');

/** Default menu lists of the six built-in roles (ARCHITECTURE §4); administrators edit them later. */
export const DEFAULT_ROLE_MENUS: Record<number, readonly RouteName[]> = {
  1: ROUTE_NAMES,
  2: [
    'dashboard',
    ...STATION_VIEW,
    ...OPERATIONS_WORK,
    'shipment',
    'Install',
    'deviceuser',
    'manual',
    ...EXHIBIT,
  ],
  3: ['dashboard', ...STATION_VIEW, ...OPERATIONS_WORK, 'deviceuser', 'manual', ...EXHIBIT],
  4: [
    'dashboard',
    'list',
    'details',
    'devicelist',
    'devicelist1',
    'collectList',
    ...ALARM_VIEW,
    'manual',
    ...EXHIBIT,
  ],
  5: ROUTE_NAMES.filter((n) => n !== 'PagePermission'),
  6: [
    'dashboard',
    'list',
    'details',
    'devicelist',
    'devicelist1',
    'collectList',
    ...ALARM_VIEW,
    'form',
    'manual',
    ...EXHIBIT,
  ],
};

import type { ReadingPoint, SettingPoint, SettingsProfile } from '../settingsProfile.ts';

/** Time-of-use slots of the register-style hybrid inverter (Deye/Growatt families: six a day). */
export const HYBRID_TOU_SLOTS = 6;

/** The four points of one time-of-use slot, written atomically (registers as in the Deye map: 148-177). */
function touSlot(i: number): SettingPoint[] {
  const n = i + 1;
  const group = 'timeOfUse';
  const atomicGroup = `slot${n}`;
  return [
    {
      name: `slot${n}Start`,
      register: 148 + i,
      registerType: 'u16',
      type: 'time',
      unit: '',
      scale: 0,
      min: 0,
      max: 1439,
      access: 'rw',
      default: i * 240,
      atomicGroup,
      group,
      label: { zh: `时段 ${n} 开始`, en: `Slot ${n} start` },
      help: {
        zh: '时段的开始时间（当地时间）；时段持续到下一时段开始。',
        en: 'Start of the slot (local time); it lasts until the next slot starts.',
      },
    },
    {
      name: `slot${n}PowerW`,
      register: 154 + i,
      registerType: 'u16',
      type: 'number',
      unit: 'W',
      scale: 0,
      min: 0,
      max: 20000,
      access: 'rw',
      default: 3000,
      atomicGroup,
      group,
      label: { zh: `时段 ${n} 功率`, en: `Slot ${n} power` },
      help: {
        zh: '时段内电池充放电功率上限。',
        en: 'Largest battery charge or discharge power within the slot.',
      },
    },
    {
      name: `slot${n}Soc`,
      register: 166 + i,
      registerType: 'u16',
      type: 'number',
      unit: '%',
      scale: 0,
      min: 5,
      max: 100,
      access: 'rw',
      default: 100,
      atomicGroup,
      group,
      label: { zh: `时段 ${n} SOC`, en: `Slot ${n} SoC` },
      help: {
        zh: '时段内电池放电不低于、充电不高于此荷电状态。',
        en: 'Within the slot the battery discharges no lower and charges no higher than this state of charge.',
      },
    },
    {
      name: `slot${n}GridCharge`,
      register: 172 + i,
      registerType: 'u16',
      type: 'bool',
      unit: '',
      scale: 0,
      min: 0,
      max: 1,
      access: 'rw',
      default: 0,
      atomicGroup,
      group,
      label: { zh: `时段 ${n} 电网充电`, en: `Slot ${n} grid charge` },
      help: {
        zh: '允许在此时段从电网为电池充电。',
        en: 'Allow the battery to charge from the grid within this slot.',
      },
    },
  ];
}

/**
 * Its readings, for the edge agent: in the layout of the Deye family's maps (state at 59, energy today at 60 and
 * the lifetime counter at 63 with its low word first, AC at 73-87, frequency ×0.01 at 79, temperature counted
 * from −100 °C at 90, two PV inputs at 109-112, battery at 183-190 beside the settings' SoC and power).
 */
const READINGS: ReadingPoint[] = [
  {
    field: 'status',
    register: 59,
    registerType: 'u16',
    scale: 0,
    // Standby, self-check, normal, alarm (still producing: the fault code says which), fault.
    states: { '0': 0, '1': 0, '2': 1, '3': 1, '4': 3 },
  },
  { field: 'energyTodayKwh', register: 60, registerType: 'u16', scale: -1 },
  { field: 'energyTotalKwh', register: 63, registerType: 'u32', lowWordFirst: true, scale: -1 },
  { field: 'gridVoltageV', index: 0, register: 73, registerType: 'u16', scale: -1 },
  { field: 'gridCurrentA', index: 0, register: 76, registerType: 's16', scale: -1 },
  { field: 'gridFrequencyHz', index: 0, register: 79, registerType: 'u16', scale: -2 },
  { field: 'acPowerW', register: 86, registerType: 's32', lowWordFirst: true, scale: -1 },
  { field: 'tempC', register: 90, registerType: 'u16', scale: -1, offset: -100 },
  { field: 'pvVoltageV', index: 0, register: 109, registerType: 'u16', scale: -1 },
  { field: 'pvCurrentA', index: 0, register: 110, registerType: 'u16', scale: -1 },
  { field: 'pvVoltageV', index: 1, register: 111, registerType: 'u16', scale: -1 },
  { field: 'pvCurrentA', index: 1, register: 112, registerType: 'u16', scale: -1 },
  { field: 'batteryVoltageV', register: 183, registerType: 'u16', scale: -2 },
  { field: 'batterySocPercent', register: 184, registerType: 'u16', scale: 0 },
  { field: 'batteryPowerW', register: 190, registerType: 's16', scale: 0 },
];

/**
 * A register-style hybrid inverter like the Deye and Growatt families (the `remoteSet1` screen): work mode,
 * export limit and six time-of-use slots of start time, power, SoC and grid-charge flag, each slot written as one
 * transaction; without SunSpec, its readings are read from `READINGS`.
 */
export const HYBRID_REGISTER: SettingsProfile = {
  id: 'hybridRegister',
  route: 'remoteSet1',
  vendor: { zh: '寄存器型混合逆变器', en: 'Register-map hybrid inverter' },
  modelPattern: '^SO-H\\d+(\\.\\d+)?K-S$',
  groups: [
    { key: 'system', label: { zh: '系统', en: 'System' } },
    { key: 'timeOfUse', label: { zh: '分时段设置', en: 'Time of use' } },
  ],
  points: [
    {
      name: 'batteryCapacityAh',
      register: 102,
      registerType: 'u16',
      type: 'number',
      unit: 'Ah',
      scale: 0,
      min: 0,
      max: 2000,
      access: 'r',
      group: 'system',
      label: { zh: '电池容量', en: 'Battery capacity' },
      help: { zh: '电池标称容量。', en: 'Nominal capacity of the battery.' },
    },
    {
      name: 'batterySocPct',
      register: 184,
      registerType: 'u16',
      type: 'number',
      unit: '%',
      scale: 0,
      min: 0,
      max: 100,
      access: 'r',
      group: 'system',
      label: { zh: '电池 SOC', en: 'Battery SoC' },
      help: { zh: '电池当前荷电状态。', en: 'State of charge of the battery now.' },
    },
    {
      name: 'batteryPowerW',
      register: 190,
      registerType: 's16',
      type: 'number',
      unit: 'W',
      scale: 0,
      min: -20000,
      max: 20000,
      access: 'r',
      group: 'system',
      label: { zh: '电池功率', en: 'Battery power' },
      help: { zh: '正为充电，负为放电。', en: 'Positive while charging, negative while discharging.' },
    },
    {
      name: 'workMode',
      register: 142,
      registerType: 'u16',
      type: 'enum',
      unit: '',
      scale: 0,
      min: 0,
      max: 2,
      options: [
        { value: 0, label: { zh: '卖电优先', en: 'Selling first' } },
        { value: 1, label: { zh: '零输出（负载）', en: 'Zero export to load' } },
        { value: 2, label: { zh: '零输出（电表）', en: 'Zero export to CT' } },
      ],
      access: 'rw',
      default: 0,
      group: 'system',
      label: { zh: '工作模式', en: 'Work mode' },
      help: {
        zh: '卖电优先：余电上网；零输出：只供本地负载，不向电网送电。',
        en: 'Selling first: surplus goes to the grid; zero export: only the local load is supplied, nothing is exported.',
      },
    },
    {
      name: 'exportLimitW',
      register: 143,
      registerType: 'u16',
      type: 'number',
      unit: 'W',
      scale: 0,
      min: 0,
      max: 20000,
      access: 'rw',
      default: 20000,
      group: 'system',
      label: { zh: '最大卖电功率', en: 'Export limit' },
      help: {
        zh: '向电网输出功率的上限。',
        en: 'Largest power delivered to the grid.',
      },
    },
    {
      name: 'touEnabled',
      register: 146,
      registerType: 'u16',
      type: 'bool',
      unit: '',
      scale: 0,
      min: 0,
      max: 1,
      access: 'rw',
      default: 0,
      group: 'timeOfUse',
      label: { zh: '启用分时段', en: 'Time of use on' },
      help: {
        zh: '开启后电池按下列六个时段充放电。',
        en: 'When on, the battery charges and discharges by the six slots below.',
      },
    },
    ...Array.from({ length: HYBRID_TOU_SLOTS }, (_, i) => touSlot(i)).flat(),
  ],
  dispatchSlots: HYBRID_TOU_SLOTS,
  readings: READINGS,
};

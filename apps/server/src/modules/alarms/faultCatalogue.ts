import {
  FAULT_CODES,
  SERVER_FAULT_CODES,
  type FaultCatalogueEntry,
  type FaultFamily,
  type FaultKind,
} from '@solarops/contracts';

interface Texts {
  family: FaultFamily;
  descriptionZh: string;
  solutionZh: string;
  solutionEn: string;
}

/**
 * Chinese descriptions and the solutions of the device fault codes; code, level and English description come
 * from the devices' fault table (`FAULT_CODES` of the contracts, the single source of device codes).
 */
const DEVICE_TEXTS: Record<FaultKind, Texts> = {
  gridOverVoltage: {
    family: 'inverter',
    descriptionZh: '电网电压高于保护限值（> 额定值 110%），逆变器已脱网',
    solutionZh:
      '1. 测量并网点电压；2. 电压长期偏高时联系电网公司，或在允许范围内调整逆变器过压保护值；3. 检查交流线缆截面与长度，线损过大会抬高逆变器端电压。',
    solutionEn:
      '1. Measure the voltage at the grid connection point. 2. If it stays high, contact the grid operator or, within the allowed range, adjust the over-voltage trip setting. 3. Check the AC cable size and length: a large drop raises the voltage at the inverter.',
  },
  gridUnderVoltage: {
    family: 'inverter',
    descriptionZh: '电网电压低于保护限值（< 额定值 85%），逆变器已脱网',
    solutionZh: '1. 检查交流断路器与接线是否松动；2. 测量电网电压；3. 电网恢复后逆变器自动重新并网。',
    solutionEn:
      '1. Check the AC breaker and terminals for loose connections. 2. Measure the grid voltage. 3. The inverter reconnects by itself once the grid is back in range.',
  },
  gridOverFrequency: {
    family: 'inverter',
    descriptionZh: '电网频率高于保护限值（> 额定 + 0.5 Hz），逆变器已脱网',
    solutionZh:
      '1. 确认逆变器电网标准（50/60 Hz）设置正确；2. 电网频率恢复后自动并网；3. 频繁出现时联系电网公司。',
    solutionEn:
      '1. Check that the inverter’s grid code (50/60 Hz) is set correctly. 2. It reconnects once the frequency is back in range. 3. If it happens often, contact the grid operator.',
  },
  gridUnderFrequency: {
    family: 'inverter',
    descriptionZh: '电网频率低于保护限值（< 额定 − 0.5 Hz），逆变器已脱网',
    solutionZh:
      '1. 确认逆变器电网标准（50/60 Hz）设置正确；2. 电网频率恢复后自动并网；3. 频繁出现时联系电网公司。',
    solutionEn:
      '1. Check that the inverter’s grid code (50/60 Hz) is set correctly. 2. It reconnects once the frequency is back in range. 3. If it happens often, contact the grid operator.',
  },
  lowInsulation: {
    family: 'inverter',
    descriptionZh: '光伏对地绝缘阻抗过低（< 100 kΩ），逆变器不并网',
    solutionZh:
      '1. 断开直流开关后逐串测量对地绝缘电阻；2. 检查组件、连接器和线缆是否破损、进水；3. 雨后清晨出现且日间自动恢复属常见现象，持续出现须排查。',
    solutionEn:
      '1. With the DC switch open, measure the insulation resistance of each string to earth. 2. Look for damaged or wet modules, connectors and cables. 3. After rain it may clear by itself during the day; if it persists, find the faulty string.',
  },
  overTemperature: {
    family: 'inverter',
    descriptionZh: '逆变器散热器温度过高，已降额运行',
    solutionZh: '1. 检查安装位置通风与遮阳；2. 清理风扇和散热片灰尘；3. 检查风扇是否运转。',
    solutionEn:
      '1. Check ventilation and shade at the installation site. 2. Clean dust from the fans and heat sink. 3. Check that the fans run.',
  },
  stringOpen: {
    family: 'inverter',
    descriptionZh: '光伏组串开路（熔丝、连接器或线缆），该组串无电流',
    solutionZh: '1. 检查该组串熔丝；2. 检查 MC4 连接器是否脱开或烧蚀；3. 测量组串开路电压。',
    solutionEn:
      '1. Check the string fuse. 2. Check the MC4 connectors for disconnection or burn marks. 3. Measure the string’s open-circuit voltage.',
  },
  stringShort: {
    family: 'inverter',
    descriptionZh: '光伏组串短路或极性反接，该组串已隔离',
    solutionZh: '1. 断开直流开关；2. 测量组串极性和对地电压；3. 更正接线后重新投入。',
    solutionEn:
      '1. Open the DC switch. 2. Measure the string polarity and its voltages to earth. 3. Correct the wiring before switching it back on.',
  },
  arcFault: {
    family: 'inverter',
    descriptionZh: '检测到直流串联电弧，逆变器已关机，需手动重启',
    solutionZh:
      '1. 立即断开直流开关，确认无明火；2. 沿电弧所在组串检查连接器、接线端子和线缆；3. 更换烧蚀部件后在逆变器上清除故障并重启。',
    solutionEn:
      '1. Open the DC switch at once and make sure nothing is burning. 2. Inspect the connectors, terminals and cables of the arcing string. 3. Replace burnt parts, then clear the fault on the inverter and restart it.',
  },
  lossOfCommunication: {
    family: 'inverter',
    descriptionZh: '设备无响应（采集器收不到数据），已离线',
    solutionZh: '1. 检查设备是否上电；2. 检查设备与采集器之间的 RS485 通讯线；3. 核对设备通讯地址。',
    solutionEn:
      '1. Check that the device is powered. 2. Check the RS485 cable between the device and the collector. 3. Check the device’s communication address.',
  },
};

/** Codes raised by the server itself (offline detection of collectors, analysis rules). */
const SERVER_ENTRIES: FaultCatalogueEntry[] = [
  {
    code: SERVER_FAULT_CODES.collectorOffline,
    level: 2,
    family: 'collector',
    descriptionZh: '采集器离线：连续 3 个上报周期无数据',
    descriptionEn: 'Collector offline: no data for 3 reporting intervals',
    solutionZh: '1. 检查采集器电源；2. 检查网络信号或 SIM 卡流量；3. 2G 采集器请更换为 4G 采集器。',
    solutionEn:
      '1. Check the collector’s power. 2. Check the network signal or the SIM card’s data allowance. 3. Replace a 2G collector with a 4G one.',
  },
  {
    code: SERVER_FAULT_CODES.collectorSimExpired,
    level: 2,
    family: 'collector',
    descriptionZh: 'SIM 卡已到期：采集器的流量卡停机，无法上传数据',
    descriptionEn: 'SIM expired: the collector’s internet card is shut down and cannot send data',
    solutionZh: '1. 在“物联网卡”页面为该卡续费；2. 停机 90 天未续费的卡将被运营商注销，需更换新卡。',
    solutionEn:
      '1. Renew the card on the internet card screen. 2. A card stopped for 90 days is cancelled by its carrier and must be replaced.',
  },
  {
    code: SERVER_FAULT_CODES.simExpiring,
    level: 1,
    family: 'collector',
    descriptionZh: '采集器的流量卡即将到期',
    descriptionEn: 'The collector’s internet card expires soon',
    solutionZh: '在“物联网卡”页面为该卡续费，以免采集器断网。',
    solutionEn: 'Renew the card on the internet card screen before the collector goes dark.',
  },
  {
    code: SERVER_FAULT_CODES.stringLow,
    level: 2,
    family: 'inverter',
    descriptionZh: '组串电流远低于同台逆变器其他组串（同一时刻）',
    descriptionEn: 'String current far below its sibling strings at the same time',
    solutionZh: '1. 检查该组串是否被遮挡或积灰；2. 检查组件是否损坏、热斑；3. 检查连接器与线缆。',
    solutionEn:
      '1. Look for shade or soiling on the string. 2. Check for damaged modules or hot spots. 3. Check its connectors and cables.',
  },
  {
    code: SERVER_FAULT_CODES.plantNoOutput,
    level: 3,
    family: 'plant',
    descriptionZh: '电站白天无发电',
    descriptionEn: 'Plant producing nothing in daylight',
    solutionZh: '1. 检查逆变器是否停机或报故障；2. 检查交流并网开关；3. 检查电网是否停电。',
    solutionEn:
      '1. Check whether the inverters stopped or show a fault. 2. Check the AC grid breaker. 3. Check for a grid outage.',
  },
];

/** The catalogue shipped with the server: seeded into `fault_catalogue` when a code is missing there. */
export const FAULT_CATALOGUE: readonly FaultCatalogueEntry[] = [
  ...FAULT_CODES.map((f) => {
    const t = DEVICE_TEXTS[f.kind];
    return {
      code: f.code,
      level: f.level,
      family: t.family,
      descriptionZh: t.descriptionZh,
      descriptionEn: f.description,
      solutionZh: t.solutionZh,
      solutionEn: t.solutionEn,
    };
  }),
  ...SERVER_ENTRIES,
];

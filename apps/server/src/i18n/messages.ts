/** Server messages in both console languages (ARCHITECTURE §3: `langType`, then the `language` cookie, then zh). */
export type Lang = 'zh' | 'en';

/**
 * A text that changes with a number: its forms by the language's plural category (Unicode CLDR, through
 * `Intl.PluralRules`), chosen by the `count` parameter; `other` is every language's fallback.
 */
export interface PluralText {
  readonly one?: string;
  readonly other: string;
}

const PLURAL_RULES: Record<Lang, Intl.PluralRules> = {
  zh: new Intl.PluralRules('zh-CN'),
  en: new Intl.PluralRules('en'),
};

export const MESSAGES = {
  success: { zh: '操作成功', en: 'Success' },
  internalError: { zh: '服务器内部错误', en: 'Internal server error' },
  notFound: { zh: '资源不存在', en: 'Not found' },
  'consoleBuilding.title': { zh: '控制台正在构建', en: 'The console is being built' },
  'consoleBuilding.text': {
    zh: '服务已经启动，控制台的页面还在构建中，通常不超过半分钟。本页会自动刷新。',
    en: 'The server is running; the console’s pages are still being built, usually within half a minute. This page reloads by itself.',
  },
  badRequest: { zh: '请求参数有误', en: 'Invalid request' },
  validationFailed: { zh: '参数校验失败', en: 'Validation failed' },
  unauthorized: { zh: '未登录或登录已过期', en: 'Not signed in or the session has expired' },
  sessionRevoked: {
    zh: '您已被登出，可以取消继续留在该页面，或者重新登录',
    en: 'You have been logged out, you can cancel to stay on this page, or log in again',
  },
  forbidden: { zh: '没有权限', en: 'Permission denied' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  payloadTooLarge: { zh: '上传内容过大', en: 'Payload too large' },
  fileTooLarge: { zh: '文件过大，上限为 {max}', en: 'The file is too large: the limit is {max}' },
  unsupportedMediaType: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  badMultipart: { zh: '上传内容格式错误', en: 'The upload is not a well-formed multipart form' },
  serviceUnavailable: {
    zh: '服务暂时不可用（数据库无法连接），请稍后再试',
    en: 'Service unavailable (the database cannot be reached), please try again later',
  },
  brokerAccountsFailed: {
    zh: 'MQTT 代理未能更新采集器账号，未做任何更改：{reason}',
    en: 'The MQTT broker did not update the collector accounts; nothing was changed: {reason}',
  },
  notAnAgent: {
    zh: '该采集器不是边缘代理：其密钥在固件中，没有代理配置文件',
    en: 'This collector is not an edge agent: its secret is in its firmware, it has no agent configuration',
  },
  agentSerialFormat: {
    zh: '序列号为 4 到 32 个字母、数字、- 或 _',
    en: 'A serial number is 4 to 32 letters, digits, - or _',
  },
  collectorSerialTaken: {
    zh: '该序列号已被其他采集器或设备使用',
    en: 'Another collector or device already has this serial number',
  },
  agentOtherPlant: {
    zh: '代理读取的设备属于代理所在的电站：请先将代理绑定到该电站',
    en: 'The devices an agent reads belong to the agent’s plant: bind the agent to this plant first',
  },
  agentDeviceNotFound: {
    zh: '该代理没有发现这个序列号的设备',
    en: 'This agent has found no device with this serial number',
  },
  agentDeviceKindUnknown: {
    zh: '代理发现的 SunSpec 模型不能说明该设备是逆变器、电表还是电池',
    en: 'The SunSpec models the agent found do not say whether this device is an inverter, a meter or a battery',
  },
  foundDeviceTaken: {
    zh: '该设备已在电站中',
    en: 'This device is already in a plant',
  },
  collectorInUse: {
    zh: '该采集器已绑定设备或有历史记录，不能删除',
    en: 'This collector has devices or history and cannot be removed',
  },
  'validation.nul': { zh: '不能包含空字符（NUL）', en: 'Must not contain a NUL character' },
  badClient: { zh: '客户端认证失败', en: 'Client authentication failed' },
  badCredentials: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  accountDisabled: { zh: '账号已被禁用', en: 'This account is disabled' },
  accountPending: { zh: '企业账号正在审核中', en: 'This enterprise account is pending authentication' },
  accountRefused: { zh: '企业账号审核未通过', en: 'This enterprise account was refused' },
  passwordNotIssued: {
    zh: '该演示账号尚无密码：演示电站上线后，服务器会在日志中打印其密码（管理员也可为其设置密码）',
    en: 'This demo account has no password yet: the server prints it in its log once the demo fleet is online (an administrator can also set one)',
  },
  invalidRefreshToken: { zh: '刷新令牌无效', en: 'Invalid refresh token' },
  wrongOldPassword: { zh: '原密码错误', en: 'The current password is wrong' },
  samePassword: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  userCodeTaken: { zh: '用户名已存在', en: 'This username is already taken' },
  emailTaken: { zh: '该邮箱已被注册', en: 'This email is already registered' },
  codeInvalid: { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  codeTooSoon: { zh: '验证码发送过于频繁，请一分钟后再试', en: 'A code was sent less than a minute ago' },
  codeDailyLimit: {
    zh: '该邮箱今日验证码次数已达上限',
    en: 'This address has reached its daily number of codes',
  },
  emailUnknown: { zh: '该邮箱未注册', en: 'No account uses this email' },
  dealercodeUnknown: { zh: '经销商编码不存在', en: 'No distributor has this code' },
  onlyInstallers: { zh: '只有安装商可以绑定经销商', en: 'Only installers bind to a distributor' },
  roleNotAllowed: { zh: '不能授予该角色', en: 'You may not give this role' },
  cannotChangeSelf: { zh: '不能修改自己的账号状态', en: 'You cannot change the state of your own account' },
  roleNameTaken: { zh: '角色名已存在', en: 'A role with this name exists' },
  notPending: { zh: '该注册已审核', en: 'This registration was already audited' },
  dealercodeTaken: { zh: '经销商编码已被使用', en: 'Another distributor uses this code' },
  passwordTooShort: { zh: '密码至少 {min} 位', en: 'Passwords have at least {min} characters' },
  passwordNeedsDigit: { zh: '密码须包含数字', en: 'The password needs a digit' },
  passwordNeedsLetter: { zh: '密码须包含字母', en: 'The password needs a letter' },
  passwordNeedsSymbol: { zh: '密码须包含特殊字符', en: 'The password needs a special character' },
  serialLength: {
    zh: '序列号长度不符合该型号的规则',
    en: "The serial's length does not fit the model's rule",
  },
  serialPrefix: {
    zh: '序列号前缀不符合该型号的规则',
    en: "The serial's prefix does not fit the model's rule",
  },
  serialCharset: {
    zh: '序列号含有该型号不允许的字符',
    en: 'The serial holds characters the model does not allow',
  },
  serialCheckDigit: { zh: '序列号校验位错误', en: "The serial's check digit is wrong" },
  serialModelUnknown: { zh: '该型号没有序列号规则', en: 'No serial rule exists for this model' },
  shipmentFile: {
    zh: '请上传 .xlsx 格式的出货单（使用模板）',
    en: 'Upload the shipment as an .xlsx file (use the template)',
  },
  shipmentTooMany: { zh: '出货单最多 {max} 行', en: 'A shipment file holds at most {max} rows' },
  shipmentUnpacked: {
    zh: '出货单解压后超过 {mb} MB 或包含超过 {entries} 个部件，不是正常的出货单',
    en: 'Unpacked, the file would exceed {mb} MB or {entries} parts: this is not a shipment file',
  },
  shipmentEmpty: { zh: '出货单没有数据行', en: 'The shipment file has no rows' },
  shipmentKind: { zh: '类型应为采集器或设备', en: 'The kind must be collector or device' },
  shipmentDuplicate: {
    zh: '序列号在文件中重复（第 {row} 行）',
    en: 'The serial repeats row {row} of the file',
  },
  shipmentExists: { zh: '该序列号已入库', en: 'This serial is already in the system' },
  shipmentDealer: { zh: '经销商编码不存在', en: 'No distributor has this code' },
  shipmentIccid: { zh: 'ICCID 应为 19 或 20 位数字', en: 'An ICCID has 19 or 20 digits' },
  shipmentKindModel: { zh: '该型号不是此类设备', en: 'This model is not of that kind' },
  shipmentCollector: {
    zh: '所属采集器不在本文件中且未入库',
    en: 'The collector is neither in this file nor in the system',
  },
  shipmentTooLong: { zh: '内容过长', en: 'Too long' },
  serialModelTaken: { zh: '该型号已有序列号规则', en: 'This model already has a serial rule' },
  fileType: { zh: '只支持 png、jpeg 或 webp 图片', en: 'Only png, jpeg or webp images are accepted' },
  fileMissing: { zh: '请上传文件', en: 'No file was uploaded' },
  plantOwnerUnknown: {
    zh: '业主不存在，或不是您名下的终端用户',
    en: 'No end user of yours has this username',
  },
  collectorUnknown: { zh: '采集器不存在，或不属于您', en: 'No collector of yours has this serial number' },
  plantHasDevices: {
    zh: '电站下仍有设备，请先将采集器绑定到其他电站',
    en: 'The plant still has devices: bind its collectors to another plant first',
  },
  // Commands to devices (docs/device-protocol.md "Commands").
  'commands.readOnly': { zh: '{point}为只读点，不能写入', en: '{point} is read-only' },
  'commands.notANumber': { zh: '{point}的值应为数字', en: 'The value of {point} must be a number' },
  'commands.outOfRange': {
    zh: '{point}的值应在 {min} 到 {max} 之间',
    en: 'The value of {point} must be between {min} and {max}',
  },
  'commands.notAnOption': {
    zh: '{point}的值不是可选项之一',
    en: 'The value of {point} is not one of its options',
  },
  'commands.resolution': {
    zh: '{point}的值超出寄存器精度',
    en: 'The value of {point} is finer than its register holds',
  },
  'commands.pointMissing': {
    zh: '该设备型号没有设置项「{point}」',
    en: 'This device model has no setting “{point}”',
  },
  'commands.noProfile': { zh: '该设备型号不支持远程设置', en: 'This device model has no remote settings' },
  'commands.screenNotHeld': {
    zh: '您没有该设备型号的设置页面权限',
    en: "Your role lacks this device model's settings screen",
  },
  'commands.otherProfile': {
    zh: '该设备型号不属于此设置页面',
    en: 'This device model is not set from this screen',
  },
  'commands.partialSlot': {
    zh: '{point}所在时段须整体写入（开始时间、功率、SOC、电网充电）',
    en: 'The slot of {point} is written as a whole (start, power, SoC, grid charge)',
  },
  'commands.noCollector': { zh: '设备未连接采集器', en: 'The device has no collector' },
  'commands.deviceUnknown': { zh: '设备不存在，或不属于您', en: 'No device of yours has this serial' },
  'commands.confirmMismatch': {
    zh: '确认内容不符：请输入 {expected}',
    en: 'The confirmation does not match: type {expected}',
  },
  'commands.noBattery': { zh: '该设备没有电池调度功能', en: 'This device has no battery schedule' },
  'commands.slotsOverlap': {
    zh: '{day}时段 {a} 与时段 {b} 重叠',
    en: '{day} slots {a} and {b} overlap',
  },
  'commands.slotEmpty': {
    zh: '{day}时段 {a} 的结束时间须晚于开始时间',
    en: '{day} slot {a} ends before it starts',
  },
  'commands.socBounds': {
    zh: '{day}时段 {a} 的 SOC 下限高于上限',
    en: '{day} slot {a} has its SoC floor above its ceiling',
  },
  'commands.tooManySlots': {
    zh: '{day}计划有 {a} 个时段，该设备最多 {capacity} 个；请合并时段，计划不会被截断',
    en: 'The {day} schedule has {a} slots and this device holds {capacity}: merge slots, it is never cut',
  },
  'commands.weekday': { zh: '工作日', en: 'Weekday' },
  'commands.weekend': { zh: '周末', en: 'Weekend' },
  'commands.allRefused': {
    zh: '没有可下发的设备：{reason}',
    en: 'No device can take this command: {reason}',
  },
  'commands.badTransition': {
    zh: '指令当前为 {state}，不能变为 {to}',
    en: 'The command is {state} and cannot become {to}',
  },
  'commands.notAwaitingApproval': { zh: '该批次不在待审批状态', en: 'This batch is not awaiting approval' },
  'commands.ownBatch': {
    zh: '批次须由另一位用户审批',
    en: 'A batch must be approved by another user',
  },
  'commands.batchBeyondScope': {
    zh: '该批次还包含您权限范围之外的设备：只有能看到其全部设备的用户才能审批或驳回',
    en: 'This batch also covers devices outside your scope: only a user who sees all of its devices can approve or reject it',
  },
  // Validation messages (per field); contracts use these keys as custom messages.
  'firmware.fileNameTooLong': {
    zh: '文件名最多 80 个字符',
    en: 'The file name may have at most 80 characters',
  },
  'firmware.emptyContent': { zh: '内容不能为空', en: 'The content cannot be empty' },
  'firmware.signatureFormat': {
    zh: '签名应为 Ed25519 签名的 Base64 文本（88 个字符）',
    en: 'The signature is an Ed25519 signature in base64 (88 characters)',
  },
  'firmware.badPublicKey': {
    zh: '公钥应为 Ed25519 公钥（PEM 或 32 字节的 Base64）',
    en: 'The public key is an Ed25519 key (PEM, or its 32 bytes in base64)',
  },
  'firmware.keyTaken': { zh: '该公钥已受信任', en: 'This public key is already trusted' },
  'firmware.unsigned': {
    zh: '固件包未签名，不能下发',
    en: 'The package is not signed and cannot be assigned',
  },
  'firmware.badSignature': {
    zh: '固件包签名无效（不是受信任密钥的签名），不能下发',
    en: 'The package signature is not valid by any trusted key; it cannot be assigned',
  },
  'firmware.wrongModel': {
    zh: '固件包不适用于设备 {serial}（型号 {model}）',
    en: 'The package is not for device {serial} (model {model})',
  },
  'firmware.noTargets': {
    zh: '没有可升级的设备：请选择设备、电站或按型号',
    en: 'No device to upgrade: pick devices, plants or the model filter',
  },
  'firmware.rolloutState': {
    zh: '升级任务当前状态不允许此操作',
    en: 'The rollout is in a state that does not allow this',
  },
  'firmware.rolloutBeyondScope': {
    zh: '该升级任务还包含您权限范围之外的设备：只有能看到其全部设备的用户才能审批、暂停、恢复或取消',
    en: 'This rollout also covers devices outside your scope: only a user who sees all of its devices can approve, pause, resume or cancel it',
  },
  'firmware.upgradeNeedsRollout': {
    zh: '您在一小时内已用该固件包直接升级 {count} 台设备：更多设备请建立升级任务，由另一位用户审批',
    en: 'You upgraded {count} devices with this package directly within the hour: for more, create a rollout, which another user approves',
  },
  'firmware.deviceOffline': { zh: '设备离线，无法升级！', en: 'Device offline cannot be upgraded!' },
  'firmware.packageInUse': {
    zh: '该固件包已用于升级任务或有设备正在升级，不能删除',
    en: 'The package is used by a rollout or an upgrade under way and cannot be deleted',
  },
  'firmware.imageMissing': {
    zh: '固件文件已丢失或被改动，请重新上传',
    en: 'The firmware image is missing or changed; upload it again',
  },
  'validation.required': { zh: '必填', en: 'Required' },
  'validation.type': { zh: '类型错误，应为 {expected}', en: 'Expected {expected}' },
  'validation.tooShort': { zh: '至少 {min} 个字符', en: 'At least {min} characters' },
  'validation.tooLong': { zh: '最多 {max} 个字符', en: 'At most {max} characters' },
  'validation.tooSmall': { zh: '不能小于 {min}', en: 'Must be at least {min}' },
  'validation.tooBig': { zh: '不能大于 {max}', en: 'Must be at most {max}' },
  'validation.length': { zh: '长度必须为 {length} 个字符', en: 'Must be exactly {length} characters' },
  'validation.email': { zh: '邮箱格式不正确', en: 'Not a valid email address' },
  'validation.phone': { zh: '手机号码格式不正确', en: 'Not a valid mobile number' },
  'validation.format': { zh: '格式不正确', en: 'Invalid format' },
  'validation.day': {
    zh: '不是日历上的日期（YYYY-MM-DD，1900–9999 年）',
    en: 'Not a day of the calendar (YYYY-MM-DD, years 1900–9999)',
  },
  'validation.duplicateField': { zh: '每个字段只能选一次', en: 'Each field once' },
  'validation.sortField': { zh: '排序字段须是报表中的字段', en: 'Sort by a field of the report' },
  'reports.tooManyTemplates': {
    zh: '每个账号最多保存 100 个报表模板',
    en: 'An account keeps at most 100 report templates',
  },
  'reports.unknownTimeZone': { zh: '未知的时区', en: 'Unknown time zone' },
  'reports.noSchedule': {
    zh: '请先为模板设置发送计划和收件人',
    en: 'Give the template a schedule and recipients first',
  },
  'reports.templateNameTaken': { zh: '已有同名报表模板', en: 'A report template with this name exists' },
  'reports.tooCostly': {
    zh: '该报表需读取 {cost} 设备·天的数据（设备数 × 天数），超过单个报表的上限 {limit}。请减少电站或缩短周期。',
    en: 'This report would read {cost} device-days of readings (devices × days), more than the {limit} one report may read. Choose fewer plants or a shorter period.',
  },
  'validation.currency': {
    zh: '货币代码为 3 个大写字母（ISO 4217）',
    en: 'A currency code is 3 capital letters (ISO 4217)',
  },
  'validation.duplicateCountry': { zh: '每个国家只设一个系数', en: 'One factor per country' },
  'validation.duplicateRate': {
    zh: '每种货币只设一个汇率，显示货币本身不设',
    en: 'One rate per currency, and none for the display currency itself',
  },
  'validation.enum': { zh: '取值应为 {options} 之一', en: 'Must be one of {options}' },
  'validation.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'validation.passwordLength': { zh: '密码长度为 8 到 128 个字符', en: 'Passwords have 8 to 128 characters' },
  'validation.code': { zh: '验证码为 6 位数字', en: 'The code has 6 digits' },
  'validation.creditCode': {
    zh: '统一社会信用代码为 18 位数字或大写字母',
    en: 'The unified social credit code has 18 digits or capital letters',
  },
  'validation.userCode': {
    zh: '用户名只能包含字母、数字、下划线、点和横线',
    en: 'Usernames hold letters, digits, underscores, dots and hyphens only',
  },
  'validation.iccidLength': { zh: 'ICCID 为 19 或 20 位数字', en: 'An ICCID has 19 or 20 digits' },
  'validation.iccidCheckDigit': {
    zh: 'ICCID 的校验位（最后一位）不正确',
    en: "The ICCID's check digit (its last digit) is wrong",
  },
  'cards.taken': {
    zh: '该 ICCID 已存在，或该采集器已有流量卡',
    en: 'This ICCID is already known, or the collector already holds a card',
  },
  'cards.notRenewable': {
    zh: '所选流量卡中有已注销或不存在的卡，无法续费',
    en: 'Some of the chosen cards are cancelled or unknown and cannot be renewed',
  },
  'orders.illegalMove': {
    zh: '订单当前状态为“{from}”，不能执行此操作',
    en: 'The order is {from}: this cannot be done now',
  },
  'orders.idempotencyReused': {
    zh: '该幂等键已用于另一笔不同内容的订单',
    en: 'This idempotency key was used for an order with other values',
  },
  'orders.noInvoice': {
    zh: '该订单未申请发票',
    en: 'This order did not ask for an invoice',
  },
  'orders.paySubject': {
    zh: '物联网卡续费 {orderNo}',
    en: 'Internet card renewal {orderNo}',
  },
  'orders.providerUnavailable': {
    zh: '该订单的支付方式当前未启用',
    en: 'The payment provider of this order is not enabled on this server',
  },
  'orders.notMockProvider': {
    zh: '该订单不由内置模拟支付处理',
    en: 'This order is not paid through the built-in mock provider',
  },
  'cards.expiryNotice.subject': {
    zh: '流量卡 {iccid} 将于 {count} 天后到期',
    en: {
      one: 'Internet card {iccid} expires in {count} day',
      other: 'Internet card {iccid} expires in {count} days',
    },
  },
  'cards.expiryNotice.body': {
    zh: '采集器 {collector}（电站 {plant}）中的流量卡 {iccid} 将于 {expiresOn} 到期。请及时续费，停机 90 天未续费的卡将被运营商注销。',
    en: 'The internet card {iccid} in collector {collector} (plant {plant}) expires on {expiresOn}. Renew it in time: a card stopped for 90 days is cancelled by its carrier.',
  },
  'validation.routeName': { zh: '未知的菜单路由名', en: 'Unknown menu route name' },
  'validation.unknownKey': { zh: '不支持的字段', en: 'Unknown field' },
  'validation.voltageRising': {
    zh: '电压必须逐点递增（按扫描顺序）',
    en: 'Voltages must rise from point to point (in sweep order)',
  },
  'iv.deviceOffline': { zh: '设备离线，无法扫描！', en: 'Device Offline Cannot Scan!' },
  'iv.dailyCap': {
    zh: '该逆变器今日已扫描 {cap} 次，明日再试',
    en: 'This inverter has been scanned {cap} times today; try again tomorrow',
  },
  'iv.otherPlant': { zh: '设备不属于所选电站', en: 'The device is not of the chosen plant' },
  'iv.notDiagnosable': {
    zh: '无法诊断该曲线：计算结果 {field} 不是有效数值（请检查电流是否全为零、组件参数是否正确）',
    en: 'This curve cannot be diagnosed: {field} of the result is not a valid number (check that the current is not all zero and the module data are right)',
  },
  'iv.notInverter': { zh: '只有逆变器可以扫描 IV 曲线', en: 'Only inverters can scan IV curves' },
  'iv.wrongPassword': { zh: '密码错误', en: 'The password is wrong' },
  'iv.notInverterLayout': {
    zh: '只有逆变器可以设置组串配置',
    en: 'Only inverters have a string layout',
  },
  'iv.layoutMoreStrings': {
    zh: '组串数超过该逆变器的 {n} 路组串',
    en: 'More strings than the {n} strings this inverter has',
  },
  'iv.layoutTooManyStrings': { zh: '组串总数不能超过 64', en: 'At most 64 strings in all' },
  'iv.class.normal': { zh: '正常', en: 'Normal' },
  'iv.class.soiling': { zh: '积灰遮挡', en: 'Soiling' },
  'iv.class.partial_shading': { zh: '局部阴影', en: 'Partial shading' },
  'iv.class.bypass_diode_short': { zh: '旁路二极管短路', en: 'Bypass diode short' },
  'iv.class.open_circuit': { zh: '开路', en: 'Open circuit' },
  'iv.class.series_resistance': { zh: '串联电阻偏大', en: 'Series resistance' },
  'iv.class.shunt_resistance': { zh: '并联电阻偏小', en: 'Shunt resistance' },
  'iv.class.pid': { zh: 'PID 衰减', en: 'PID' },
  'iv.class.degradation': { zh: '老化衰减', en: 'Degradation' },
  'iv.class.mismatch': { zh: '失配', en: 'Mismatch' },
  'iv.report.title': { zh: 'IV 诊断报告', en: 'IV diagnosis report' },
  'iv.report.abnormalHeading': { zh: '异常组串的曲线与依据', en: 'Abnormal strings: curves and evidence' },
  'iv.report.noAbnormal': { zh: '本任务没有异常组串。', en: 'No string of this task is abnormal.' },
  'iv.report.abnormalCapped': {
    zh: '共 {count} 个异常组串，下面按日损失电量列出前 {shown} 个；全部组串见上表。',
    en: '{count} abnormal strings; the {shown} losing the most energy are shown below, every string is in the table above.',
  },
  'iv.report.timesIn': {
    zh: '时间均为电站当地时间：{zone}',
    en: 'Times are the plant’s local time: {zone}',
  },
  'iv.report.stringTitle': { zh: '{serial} 组串 {string}：{class}', en: '{serial} string {string}: {class}' },
  'iv.report.scannedAt': { zh: '扫描时间', en: 'Scanned' },
  'iv.report.secondClass': { zh: '相近的第二可能', en: 'Close second' },
  'iv.report.modulesInSeries': { zh: '串联组件数', en: 'Modules in series' },
  'iv.report.measured': { zh: '实测曲线', en: 'Measured' },
  'iv.report.expected': { zh: '预期曲线（同工况）', en: 'Expected (same conditions)' },
  'iv.report.curveTitle': { zh: 'I-V 曲线（电流 A，电压 V）', en: 'I-V curve (current A against voltage V)' },
  'iv.report.evidence': { zh: '依据：', en: 'Evidence: ' },
  'iv.report.whatToDo': { zh: '处理建议：', en: 'What to do: ' },
  'iv.evidence.steps': {
    zh: '曲线在拐点前有 {count} 个台阶，最深的一个使电流下降 I_sc 的 {drop} %，其后的平台宽 V_oc 的 {width} %。',
    en: 'The curve falls in {count} step(s) before its knee; the deepest drops the current by {drop} % of I_sc, and the plateau after it spans {width} % of V_oc.',
  },
  'iv.evidence.noSteps': { zh: '曲线在拐点前没有台阶。', en: 'The curve has no step before its knee.' },
  'iv.evidence.seriesSteep': {
    zh: '开路电压附近的斜率变缓：串联电阻 {rs} Ω，比健康组串多 {extra} Ω。',
    en: 'The slope near V_oc is flattened: series resistance {rs} Ω, {extra} Ω more than a healthy string’s.',
  },
  'iv.evidence.seriesNormal': {
    zh: '开路电压附近的斜率正常（串联电阻 {rs} Ω）。',
    en: 'The slope near V_oc is as expected (series resistance {rs} Ω).',
  },
  'iv.evidence.shunt': {
    zh: '短路电流附近的平台倾斜：并联电阻 {rsh} Ω。',
    en: 'The plateau near I_sc tilts: shunt resistance {rsh} Ω.',
  },
  'iv.evidence.shuntFlat': {
    zh: '短路电流附近的平台平直（无可测的并联漏电）。',
    en: 'The plateau near I_sc is flat (no measurable shunt leakage).',
  },
  'iv.evidence.levels': {
    zh: '短路电流为预期的 {isc} %，开路电压为预期的 {voc} %（缺少约 {substrings} 个子串），填充因子变化 {ff} %。',
    en: 'I_sc is {isc} % of expected, V_oc {voc} % of expected (about {substrings} substrings missing), fill factor {ff} %.',
  },
  'iv.report.template': { zh: '模板', en: 'Template' },
  'iv.report.createdAt': { zh: '创建时间', en: 'Created' },
  'iv.report.inverters': { zh: '逆变器', en: 'Inverters' },
  'iv.report.failedInverters': { zh: '未扫描逆变器', en: 'Inverters not scanned' },
  'iv.report.strings': { zh: '组串数', en: 'Strings' },
  'iv.report.byClass': { zh: '按诊断结果', en: 'By diagnosis' },
  'iv.report.count': { zh: '数量', en: 'Count' },
  'iv.report.stringsHeading': { zh: '各组串', en: 'Every string' },
  'iv.report.serial': { zh: '逆变器序列号', en: 'Inverter serial' },
  'iv.report.string': { zh: '组串', en: 'String' },
  'iv.report.class': { zh: '诊断结果', en: 'Diagnosis' },
  'iv.report.confidence': { zh: '置信度', en: 'Confidence' },
  'iv.report.performanceFactor': { zh: '性能系数', en: 'Performance factor' },
  'iv.report.pmpStc': { zh: 'STC 最大功率 (W)', en: 'Pmp at STC (W)' },
  'iv.report.energyLost': { zh: '日损失电量 (kWh)', en: 'Energy lost (kWh/day)' },
  'iv.report.poa': { zh: '辐照度 (W/m²)', en: 'Irradiance (W/m²)' },
  'iv.report.moduleTemp': { zh: '组件温度 (°C)', en: 'Module temperature (°C)' },
  'iv.insufficient.lowIrradiance': {
    zh: '条件不足（辐照低于 400 W/m²）',
    en: 'Conditions insufficient (below 400 W/m²)',
  },
  'iv.insufficient.unstableIrradiance': {
    zh: '条件不足（辐照变化超过 5 %）',
    en: 'Conditions insufficient (irradiance changed > 5 %)',
  },
  'iv.insufficient.tooFewPoints': {
    zh: '数据不足（曲线点数少于 20）',
    en: 'Insufficient data (fewer than 20 curve points)',
  },
  'iv.class.insufficient': { zh: '未诊断', en: 'Not diagnosed' },
  'iv.advice.normal': { zh: '组串正常，无需处理。', en: 'The string is healthy; nothing to do.' },
  'iv.advice.soiling': {
    zh: '组串整体电流偏低：清洗组件表面，并检查辐照计是否清洁、安装角度是否与组件一致。',
    en: 'The whole string gives too little current: clean the modules, and check that the irradiance sensor is clean and in the modules’ plane.',
  },
  'iv.advice.partial_shading': {
    zh: '曲线有台阶、功率有多个峰值：查找遮挡物（树木、建筑、杂物、鸟粪）或局部积灰，清除后复测。',
    en: 'The curve has steps and several power peaks: look for shade (trees, buildings, debris, bird droppings) or patchy dirt, remove it and scan again.',
  },
  'iv.advice.bypass_diode_short': {
    zh: '开路电压按整段子串缺失：检查旁路二极管是否击穿短路，用红外或逐块测量开路电压定位后更换接线盒。',
    en: 'Open-circuit voltage is short by whole substrings: look for a shorted bypass diode (infrared or module-by-module V_oc), then replace the junction box.',
  },
  'iv.advice.open_circuit': {
    zh: '组串无电流：检查 MC4 连接器、熔断器、直流开关和电缆是否断开。',
    en: 'No current flows: check the MC4 connectors, fuses, DC switch and cables for an open circuit.',
  },
  'iv.advice.series_resistance': {
    zh: '开路电压附近斜率变缓（串联电阻偏大）：检查连接器是否松动或腐蚀、电缆截面和接线端子是否发热。',
    en: 'The slope near V_oc is flattened (series resistance too high): check connectors for looseness or corrosion, and cables and terminals for heating.',
  },
  'iv.advice.shunt_resistance': {
    zh: '短路电流附近平台倾斜（并联电阻偏小）：可能有电池片隐裂或组件内部漏电，用 EL 或红外检测定位。',
    en: 'The plateau near I_sc tilts (shunt resistance too low): likely cracked cells or leakage inside modules; locate them by EL or infrared imaging.',
  },
  'iv.advice.pid': {
    zh: '平台倾斜且开路电压下降，符合电势诱导衰减（PID）：检查逆变器负极接地或加装 PID 修复装置，并测量组件绝缘。',
    en: 'A tilted plateau with lower V_oc matches potential-induced degradation (PID): check negative-pole grounding or fit a PID recovery unit, and test module insulation.',
  },
  'iv.advice.degradation': {
    zh: '电流、电压和填充因子均低于考虑年限后的预期：组件衰减超出质保，抽检组件功率并联系厂家。',
    en: 'Current, voltage and fill factor are all below the age-adjusted expectation: degradation beyond warranty; sample module power and contact the maker.',
  },
  'iv.advice.mismatch': {
    zh: '拐点圆滑、无明显台阶（组件失配）：检查组串内是否混用不同功率档或朝向的组件，必要时重新分组。',
    en: 'A rounded knee without steps (mismatch): check for mixed power bins or orientations within the string and regroup if needed.',
  },
  'iv.advice.stringLength': {
    zh: '组串长度与配置不符（实测 {measured} 块，配置 {configured} 块）：这不是故障，请核对现场组串并更正设备上的组串配置。',
    en: 'String length differs from the configuration ({measured} instead of {configured} modules): not a fault; check the string on site and correct its layout on the device.',
  },
  'iv.advice.noLoss': {
    zh: '曲线形状像“{signature}”，但组串没有电量损失：无需处理，下次扫描时再看。',
    en: 'The curve has the shape of “{signature}” but the string loses no energy: nothing to do now; look again at the next scan.',
  },
  'exhibit.linkRefused': {
    zh: '展示链接无效、已过期或已被撤销',
    en: 'This display link is unknown, has expired or has been revoked',
  },
  'exhibit.noSuchAccount': { zh: '账号不存在', en: 'No such account' },
  workOrderExists: {
    zh: '该告警已有未关闭的工单（{id}）',
    en: 'This alarm already has an open work order ({id})',
  },
  workOrderMoveRefused: {
    zh: '工单当前为“{stateZh}”，不能{moveZh}',
    en: 'A work order that is {state} cannot be {move}',
  },
  workOrderAssigneeOnly: {
    zh: '只有工单的处理人可以这样做',
    en: 'Only the assignee of the work order may do this',
  },
  workOrderSupervisorOnly: {
    zh: '只有主管（管理员、员工或经销商）可以这样做',
    en: 'Only a supervisor (administrator, staff or distributor) may do this',
  },
  workOrderAssigneeMissing: { zh: '请选择处理人', en: 'Choose an assignee' },
  workOrderAssigneeInvalid: {
    zh: '处理人必须是您可见的运维人员（安装商、经销商或员工）',
    en: 'The assignee must be a service user you can see (installer, distributor or staff)',
  },
  workOrderAssigneeOutsidePlant: {
    zh: '处理人看不到该工单的电站：请选择权限范围包含该电站的运维人员',
    en: 'The assignee cannot see this work order’s plant: choose a service user whose scope holds the plant',
  },
  workOrderSignatureMissing: {
    zh: '提交审批前需要现场签名',
    en: 'A signature is needed before the work order goes to approval',
  },
  workOrderFinal: {
    zh: '工单已关闭或已取消，不能再修改',
    en: 'The work order is closed or cancelled and cannot change',
  },
  workOrderRulePlantUnknown: { zh: '该电站不存在', en: 'There is no such plant' },
  contentEmpty: { zh: '内容不能为空', en: 'The content cannot be empty' },
  'manual.fileType': {
    zh: '手册只支持 PDF 文件或 png、jpeg、webp 图片',
    en: 'A manual is a PDF file or a png, jpeg or webp picture',
  },
  'manual.fileNameTooLong': {
    zh: '文件名最多 {max} 个字符',
    en: 'The file name has at most {max} characters',
  },
  'manual.page.title': { zh: '{model} 使用手册', en: '{model} manual' },
  'manual.page.fallback': {
    zh: '该型号暂无中文手册，下面是英文版。',
    en: 'There is no English manual for this model yet; here is the Chinese one.',
  },
  'manual.page.open': { zh: '打开手册（{type}，{size}）', en: 'Open the manual ({type}, {size})' },
  'manual.page.version': { zh: '版本 V{version}，保存于 {date}', en: 'Version V{version}, saved {date}' },
  'manual.page.notFound': {
    zh: '没有型号 {model} 的手册。请核对设备铭牌上的型号，或联系您的安装商。',
    en: "There is no manual for model {model}. Check the model on the device's label or ask your installer.",
  },
  'manual.page.notFoundTitle': { zh: '未找到手册', en: 'Manual not found' },
} as const satisfies Record<string, Record<Lang, string | PluralText>>;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/**
 * The message in `lang`, with `{name}` placeholders filled from `params`; a message with plural forms takes the
 * one `params.count` calls for in that language ("1 day", "7 days"; Chinese has one form).
 */
export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text: string | PluralText = MESSAGES[key][lang];
  const form =
    typeof text === 'string'
      ? text
      : ((text as Partial<Record<Intl.LDMLPluralRule, string>>)[
          PLURAL_RULES[lang].select(Number(params.count))
        ] ?? text.other);
  return form.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}

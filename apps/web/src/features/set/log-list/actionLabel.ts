/**
 * The operation log stores an action as the server names it: a named action ("confirm alarm", "login") or, for
 * other writes, the method and route ("DELETE /prod-api/plant/:id"). The console shows it in its own language:
 * named actions by their catalog key, other writes as a verb and the route.
 */
type Translate = (key: string) => string;

/** The server's named actions and their catalog keys under `set.log.actions`. */
const NAMED: Record<string, string> = {
  login: 'login',
  logout: 'logout',
  'confirm alarm': 'confirmAlarm',
  'bind dealercode': 'bindDealerCode',
  'enable user': 'enableUser',
  'disable user': 'disableUser',
  'send email code': 'sendEmailCode',
  'operation log export': 'operationLogExport',
  'plant export': 'plantExport',
  'relation export': 'relationExport',
  'shipment export': 'shipmentExport',
};

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'];

export function actionLabel(action: string, t: Translate): string {
  const named = NAMED[action];
  if (named) return t(`set.log.actions.${named}`);
  const m = /^([A-Z]+) (?:\/prod-api)?(\/\S*)$/.exec(action);
  if (m && METHODS.includes(m[1]!)) return `${t(`set.log.methods.${m[1]}`)} ${m[2]}`;
  return action;
}

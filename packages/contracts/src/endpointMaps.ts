import type { Endpoint } from './endpoints.ts';
import { ALARM_ENDPOINTS } from './alarmEndpoints.ts';
import { SYSTEM_ENDPOINTS } from './systemEndpoints.ts';
import { AUTHENTICATION_ENDPOINTS, OAUTH_ENDPOINTS } from './authEndpoints.ts';
import { FOLLOW_ENDPOINTS, PLANT_ENDPOINTS } from './plantEndpoints.ts';
import { ROLE_ENDPOINTS, USER_ENDPOINTS } from './userEndpoints.ts';
import { COLLECTOR_ENDPOINTS, DEVICE_ENDPOINTS } from './deviceEndpoints.ts';
import { CARD_ENDPOINTS } from './cardEndpoints.ts';
import { COMMAND_ENDPOINTS } from './commandEndpoints.ts';
import { FIRMWARE_ENDPOINTS } from './firmwareEndpoints.ts';
import { IV_ENDPOINTS } from './ivEndpoints.ts';
import { MANUAL_ENDPOINTS } from './manualEndpoints.ts';
import { SERIAL_ENDPOINTS } from './serialEndpoints.ts';
import { SHIPMENT_ENDPOINTS } from './shipmentEndpoints.ts';
import { EXHIBIT_ENDPOINTS } from './exhibitEndpoints.ts';
import { BILL_ENDPOINTS, PAY_ENDPOINTS, RENEW_ENDPOINTS } from './orderEndpoints.ts';
import { REPORT_ENDPOINTS } from './reportEndpoints.ts';
import { WORK_ORDER_ENDPOINTS } from './workOrderEndpoints.ts';

/**
 * The modules whose calls are all in the endpoint map, by the first segment of their paths. A module joins whole:
 * the server's test then checks that every route under its segment is declared from the map, and ESLint refuses a
 * path under it written in the console (eslint.config.js reads the segments from the lines below: one
 * `segment: MAP,` line each).
 */
export const ENDPOINT_MAPS: Record<string, Record<string, Endpoint>> = {
  iv: IV_ENDPOINTS,
  commands: COMMAND_ENDPOINTS,
  firmware: FIRMWARE_ENDPOINTS,
  card: CARD_ENDPOINTS,
  manual: MANUAL_ENDPOINTS,
  serial: SERIAL_ENDPOINTS,
  shipment: SHIPMENT_ENDPOINTS,
  exhibit: EXHIBIT_ENDPOINTS,
  report: REPORT_ENDPOINTS,
  workorder: WORK_ORDER_ENDPOINTS,
  renew: RENEW_ENDPOINTS,
  pay: PAY_ENDPOINTS,
  bill: BILL_ENDPOINTS,
  alarm: ALARM_ENDPOINTS,
  system: SYSTEM_ENDPOINTS,
  authentication: AUTHENTICATION_ENDPOINTS,
  oauth: OAUTH_ENDPOINTS,
  plant: PLANT_ENDPOINTS,
  follow: FOLLOW_ENDPOINTS,
  user: USER_ENDPOINTS,
  role: ROLE_ENDPOINTS,
  collector: COLLECTOR_ENDPOINTS,
  device: DEVICE_ENDPOINTS,
};

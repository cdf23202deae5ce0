import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  serialCheckBody,
  serialCheckResult,
  serialRuleBody,
  serialRuleIdBody,
  serialRuleListQuery,
  serialRuleRow,
  serialRuleUpdateBody,
} from './serials.ts';

/** The serial number rules' calls (the `standardSNnumber` screen) and the check every serial passes. */
export const SERIAL_ENDPOINTS = {
  rules: endpoint({
    method: 'GET',
    path: '/serial/rule/list',
    query: serialRuleListQuery,
    response: pageOf(serialRuleRow),
  }),
  addRule: endpoint({
    method: 'POST',
    path: '/serial/rule/add',
    body: serialRuleBody,
    response: emptyEnvelope,
  }),
  updateRule: endpoint({
    method: 'POST',
    path: '/serial/rule/update',
    body: serialRuleUpdateBody,
    response: emptyEnvelope,
  }),
  deleteRule: endpoint({
    method: 'POST',
    path: '/serial/rule/delete',
    body: serialRuleIdBody,
    response: emptyEnvelope,
  }),
  check: endpoint({
    method: 'POST',
    path: '/serial/rule/check',
    body: serialCheckBody,
    response: envelope(serialCheckResult),
  }),
};

import { USER_CALLS, type EnterpriseRegisterBody, type TerminalRegisterBody } from '@solarops/contracts';
import { callEndpoint } from '../../../api/callEndpoint.ts';

/** Personal accounts are active at once; enterprise accounts wait for an administrator (docs/api-accounts.md). */
export const registerPersonal = (body: TerminalRegisterBody) =>
  callEndpoint(USER_CALLS.registerTerminal, { body, auth: 'none', quiet: true });

export const registerEnterprise = (body: EnterpriseRegisterBody) =>
  callEndpoint(USER_CALLS.registerEnterprise, { body, auth: 'none', quiet: true });

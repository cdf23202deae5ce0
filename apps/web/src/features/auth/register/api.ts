import type { EnterpriseRegisterBody, TerminalRegisterBody } from '@solarops/contracts';
import { request } from '../../../api/request.ts';

/** Personal accounts are active at once; enterprise accounts wait for an administrator (docs/api-accounts.md). */
export const registerPersonal = (body: TerminalRegisterBody) =>
  request<null>('/user/manager/terminal/register', { json: body, auth: 'none', quiet: true });

export const registerEnterprise = (body: EnterpriseRegisterBody) =>
  request<null>('/user/manager/enterprise/register', { json: body, auth: 'none', quiet: true });

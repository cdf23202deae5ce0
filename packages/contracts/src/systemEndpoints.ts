import { z } from 'zod';
import { uploadedFile } from './common.ts';
import { emptyEnvelope, envelope, pageOf, pageQuery } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import { publicSettings, systemSettings, testMailBody, testMailResult } from './settings.ts';
import { errorLogBody, errorLogRow, operationLogQuery, operationLogRow } from './users.ts';

/**
 * The system's calls (`/system/*`): the public settings every page reads (before sign-in too), the system screen's
 * settings, logo and test mail, the consoles' error log, and the operation log screen's list and export.
 */
export const SYSTEM_ENDPOINTS = {
  /** Read before sign-in: the sign-in page shows the platform name and language. */
  config: endpoint({ method: 'GET', path: '/system/config', response: envelope(publicSettings) }),
  settings: endpoint({ method: 'GET', path: '/system/settings', response: envelope(systemSettings) }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/system/settings',
    body: systemSettings,
    response: envelope(systemSettings),
  }),
  uploadLogo: endpoint({
    method: 'POST',
    path: '/system/logo',
    consumes: 'multipart/form-data',
    body: z.object({ file: uploadedFile }),
    response: envelope(z.object({ logo: z.string() })),
  }),
  testMail: endpoint({
    method: 'POST',
    path: '/system/mail/test',
    body: testMailBody,
    response: envelope(testMailResult),
  }),
  reportError: endpoint({
    method: 'POST',
    path: '/system/errorlog',
    body: errorLogBody,
    response: emptyEnvelope,
  }),
  errorLog: endpoint({
    method: 'GET',
    path: '/system/errorlog',
    query: pageQuery,
    response: pageOf(errorLogRow),
  }),
  operationLog: endpoint({
    method: 'GET',
    path: '/system/log/list',
    query: operationLogQuery,
    response: pageOf(operationLogRow),
  }),
  operationLogExport: endpoint({ method: 'GET', path: '/system/log/export', query: operationLogQuery }),
};

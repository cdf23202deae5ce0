import { z } from 'zod';
import { idSchema, spooledFile } from './common.ts';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  manualListQuery,
  manualQrQuery,
  manualRow,
  manualUploadFields,
  manualVersionRow,
} from './manuals.ts';

const idParams = z.object({ id: idSchema });

/** `POST /manual/upload`: the fields of a manual and its file (multipart). */
export const manualUploadBody = manualUploadFields.extend({ file: spooledFile });

/**
 * The `manual` screen's calls: manuals per device model and language, their versions, a version's file, the QR
 * code of a manual's public address, uploads and deletions. The public addresses themselves (`/m/…`) are outside
 * the API.
 */
export const MANUAL_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/manual/list',
    query: manualListQuery,
    response: pageOf(manualRow),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/manual/upload',
    consumes: 'multipart/form-data',
    body: manualUploadBody,
    response: envelope(
      z.object({ manualId: z.number().int(), versionId: z.number().int(), version: z.number().int() }),
    ),
  }),
  versions: endpoint({
    method: 'GET',
    path: '/manual/:id/versions',
    params: idParams,
    response: envelope(z.array(manualVersionRow)),
  }),
  /** One version's file, as an attachment. */
  versionFile: endpoint({ method: 'GET', path: '/manual/version/:id/file', params: idParams }),
  /** The QR code of the manual's public address, a PNG or an SVG file. */
  qr: endpoint({ method: 'GET', path: '/manual/:id/qr', params: idParams, query: manualQrQuery }),
  remove: endpoint({ method: 'DELETE', path: '/manual/:id', params: idParams, response: emptyEnvelope }),
  removeVersion: endpoint({
    method: 'DELETE',
    path: '/manual/version/:id',
    params: idParams,
    response: emptyEnvelope,
  }),
};

import { saveBlob } from '../../../api/downloadFile.ts';

/**
 * Saves the device secrets of newly imported collectors as a CSV file: the server hands them out once and keeps
 * only their hashes, so this file is the only copy.
 */
export function saveSecrets(secrets: readonly { serial: string; secret: string }[], fileName: string): void {
  const csv = ['serial,secret', ...secrets.map((s) => `${s.serial},${s.secret}`)].join('\r\n');
  saveBlob(new Blob([csv], { type: 'text/csv' }), fileName);
}

import type { FormInstance } from 'antd';
import { ApiError } from '../../api/ApiError.ts';
import { errorMessage } from '../../api/request.ts';
import type { Messages } from '../MessageProvider.tsx';
import type { OneFile } from './useOneFile.ts';

/**
 * Shows where an upload was refused: the server's word on the file under the file field, on other fields under
 * those fields, anything else as a notice (`message`, the caller's `useMessage()`). The upload is sent `quiet`, so
 * this is the only place it shows.
 */
export function showUploadError(e: unknown, form: FormInstance, file: OneFile, message: Messages): void {
  const fieldErrors = e instanceof ApiError ? e.fieldErrors : [];
  const onFile = fieldErrors.find((f) => f.field === 'file');
  const onFields = fieldErrors.filter((f) => f.field !== 'file');
  if (onFile) file.setError(onFile.message);
  if (onFields.length > 0) form.setFields(onFields.map((f) => ({ name: f.field, errors: [f.message] })));
  if (!onFile && onFields.length === 0) void message.error(errorMessage(e));
}

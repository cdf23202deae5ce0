import type { FormInstance } from 'antd';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import type { Messages } from '../../../components/MessageProvider.tsx';

/**
 * What a settings dialog does when the server refuses a save: each refused field's message under that field (the
 * server's words, in the user's language), anything else as a notice.
 */
export function saveFailed(error: unknown, form: FormInstance, message: Messages): void {
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    form.setFields(error.fieldErrors.map((f) => ({ name: f.field, errors: [f.message] })));
  } else void message.error(errorMessage(error));
}

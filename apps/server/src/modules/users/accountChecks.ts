import type { MessageKey } from '../../i18n/messages.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, conflict } from '../../http/AppError.ts';
import { loadSettings } from '../system/consoleSettings.ts';
import { emailTaken, userCodeTaken } from './queries.ts';

/** What the account services use of the app's dependencies. */
export type UserDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'signingKey'>;

/** 400 on `field` unless `password` meets the password policy of the system screen. */
export async function checkPolicy(deps: UserDeps, field: string, password: string) {
  const { passwordPolicy: p } = await loadSettings(deps.db, deps.config);
  const key: MessageKey | undefined =
    password.length < p.minLength
      ? 'passwordTooShort'
      : p.requireDigit && !/\d/.test(password)
        ? 'passwordNeedsDigit'
        : p.requireLetter && !/[A-Za-z]/.test(password)
          ? 'passwordNeedsLetter'
          : p.requireSymbol && !/[^A-Za-z0-9]/.test(password)
            ? 'passwordNeedsSymbol'
            : undefined;
  if (key)
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [{ field, key, params: { min: p.minLength } }],
    });
}

/** Name and address must be free before a code is spent on them. */
export async function checkFree(deps: UserDeps, userCode: string, email: string) {
  if (await userCodeTaken(deps.db, userCode)) throw conflict('userCodeTaken');
  if (await emailTaken(deps.db, email)) throw conflict('emailTaken');
}

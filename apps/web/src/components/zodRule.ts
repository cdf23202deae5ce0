import type { FormRule } from 'antd';
import { LIMITS } from '@solarops/contracts';

/** The part of a zod schema a form rule needs. */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A form rule that validates with the contract's zod schema (STYLE §4: limits never re-typed in a form). The
 * contracts' custom messages are `validation.*` keys, translated here; other issues show `fallbackKey`.
 */
export function zodRule(
  schema: Parser,
  t: Translate,
  fallbackKey: string,
  { allowEmpty = false } = {},
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // Optional fields: an empty value is "not given", which the form leaves out of the request.
      if (allowEmpty && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const message = result.error?.issues[0]?.message ?? '';
      throw new Error(message.startsWith('validation.') ? t(message, LIMITS) : t(fallbackKey, LIMITS));
    },
  };
}

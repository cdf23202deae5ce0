import type { UserRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

// The account screens' columns, in their order and with their titles.
const HEADERS: Record<Lang, string[]> = {
  zh: ['用户名', '名称', '角色', '邮箱', '手机号', '经销商编码', '创建者', '状态', '创建时间'],
  en: [
    'User name',
    'Name',
    'Role',
    'Email',
    'Phone',
    'Distributor code',
    'Created by',
    'State',
    'Created at',
  ],
};
const STATE: Record<Lang, { enabled: string; disabled: string; deleted: string }> = {
  zh: { enabled: '已启用', disabled: '已禁用', deleted: '已删除' },
  en: { enabled: 'Enabled', disabled: 'Disabled', deleted: 'Deleted' },
};

const stateOf = (r: UserRow, lang: Lang) =>
  r.deleted ? STATE[lang].deleted : r.enabled ? STATE[lang].enabled : STATE[lang].disabled;

/** An account list as an .xlsx workbook in the caller's language. */
export async function userWorkbook(rows: UserRow[], lang: Lang): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'zh' ? '账号' : 'Accounts',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      r.userCode,
      r.name,
      r.roleName,
      r.email ?? '',
      r.phone ?? '',
      r.dealercode ?? '',
      r.parentUserCode ?? '',
      stateOf(r, lang),
      new Date(r.createdAt),
    ]),
    widths: 18,
  });
}

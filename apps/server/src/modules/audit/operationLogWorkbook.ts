import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: ['时间', '用户', '操作', '方法', '路径', '对象', 'IP', '结果', '状态码'],
  en: ['Time', 'User', 'Action', 'Method', 'Path', 'Target', 'IP', 'Result', 'Status'],
};

export interface OperationLogLine {
  createdAt: Date;
  userCode: string | null;
  action: string;
  method: string;
  path: string;
  target: string | null;
  ip: string;
  result: string;
  status: number;
}

/** The operation log as an .xlsx workbook, headers in the caller's language. */
export async function operationLogWorkbook(rows: OperationLogLine[], lang: Lang): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'zh' ? '操作日志' : 'Operation log',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      r.createdAt.toISOString(),
      r.userCode ?? '',
      r.action,
      r.method,
      r.path,
      r.target ?? '',
      r.ip,
      r.result,
      r.status,
    ]),
    widths: [24, 16, 28, 8, 36, 20, 16, 10, 8],
  });
}

import type { Lang } from '../../i18n/messages.ts';

/** The order, invoice type and invoice states as the order documents (workbook, invoice request) write them. */
const WORDS: Record<Lang, Record<string, string>> = {
  zh: {
    renewing: '续费中',
    succeeded: '成功',
    failed: '失败',
    cancelled: '已取消',
    none: '不开票',
    personal: '个人',
    company: '企业增值税发票',
    toBeInvoiced: '待开票',
    invoiced: '已开票',
  },
  en: {
    renewing: 'Renewing',
    succeeded: 'Succeeded',
    failed: 'Failed',
    cancelled: 'Cancelled',
    none: 'None',
    personal: 'Personal',
    company: 'Company VAT invoice',
    toBeInvoiced: 'To be invoiced',
    invoiced: 'Invoiced',
  },
};

/** An order state, invoice type or invoice state in `lang` (the key itself when it is none of them). */
export const orderWord = (lang: Lang, key: string): string => WORDS[lang][key] ?? key;

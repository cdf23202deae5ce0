import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/AppError.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';
import { checkZip } from '../../http/zipLimits.ts';
import {
  SHIPMENT_MAX_ROWS,
  SHIPMENT_MAX_UNZIPPED_BYTES,
  SHIPMENT_MAX_ZIP_ENTRIES,
  type ShipmentItemRow,
} from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';

/** The template's columns, in order; a file is read by position, so a translated header does not matter. */
const HEADERS: Record<Lang, string[]> = {
  zh: ['类型（采集器/设备）', '序列号', '型号', '固件版本', 'SIM 卡 ICCID', '经销商编码', '所属采集器序列号'],
  en: [
    'Kind (collector/device)',
    'Serial',
    'Model',
    'Firmware',
    'SIM ICCID',
    'Dealer code',
    'Collector serial',
  ],
};

/** One data row of a shipment file as written, before validation. */
export interface ShipmentFileRow {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  kind: string;
  serial: string;
  model: string;
  firmware: string;
  iccid: string;
  dealercode: string;
  collectorSerial: string;
}

/** The downloadable template: headers and one example row of each kind. */
export async function shipmentTemplate(lang: Lang): Promise<Buffer> {
  const kinds = lang === 'zh' ? ['采集器', '设备'] : ['collector', 'device'];
  return tableWorkbook({
    sheet: lang === 'zh' ? '出货单' : 'Shipment',
    headers: HEADERS[lang],
    rows: [
      [kinds[0], 'SC4G00000001', 'SC-4G', '1.0.3', '89860000000000000001', 'D00000001', ''],
      [kinds[1], 'INV0000000001', 'INV-5K', '2.1.0', '', 'D00000001', 'SC4G00000001'],
    ],
    // Serials, firmware, ICCIDs and codes are text.
    textColumns: [2, 4, 5, 6, 7],
    widths: 22,
  });
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in v) return String(v.text).trim();
    if ('result' in v) return String(v.result ?? '').trim();
    if (v instanceof Date) return v.toISOString();
  }
  return String(v).trim();
};

/**
 * The data rows of a shipment file (first sheet, header skipped, blank rows ignored); undefined if not .xlsx. The
 * file is checked before it is inflated (`checkZip`: a 400 naming the limits when it would unpack too large or holds
 * too many parts), then read as a stream that stops one row past `SHIPMENT_MAX_ROWS`, so that the caller can say
 * the file has too many rows without holding them all.
 */
export async function readShipmentFile(data: Uint8Array): Promise<ShipmentFileRow[] | undefined> {
  const file = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const verdict = await checkZip(file, {
    maxEntries: SHIPMENT_MAX_ZIP_ENTRIES,
    maxBytes: SHIPMENT_MAX_UNZIPPED_BYTES,
  });
  if (verdict === 'notZip') return undefined;
  if (verdict !== 'ok') {
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [
        {
          field: 'file',
          key: 'shipmentUnpacked',
          params: { mb: SHIPMENT_MAX_UNZIPPED_BYTES / 1024 / 1024, entries: SHIPMENT_MAX_ZIP_ENTRIES },
        },
      ],
    });
  }
  const rows: ShipmentFileRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const r of sheet) {
        if (r.number === 1) continue;
        const v = (i: number) => cellText(r.getCell(i).value);
        const row = {
          row: r.number,
          kind: v(1),
          serial: v(2),
          model: v(3),
          firmware: v(4),
          iccid: v(5),
          dealercode: v(6),
          collectorSerial: v(7),
        };
        if (Object.entries(row).some(([k, x]) => k !== 'row' && x !== '')) rows.push(row);
        if (rows.length > SHIPMENT_MAX_ROWS) break;
      }
      // The first sheet only.
      return rows;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Shipped items as an .xlsx workbook (the template's columns plus the shipment and date). */
export async function shipmentItemsWorkbook(items: ShipmentItemRow[], lang: Lang): Promise<Buffer> {
  const kind = (k: string) => (lang === 'zh' ? (k === 'collector' ? '采集器' : '设备') : k);
  return tableWorkbook({
    sheet: lang === 'zh' ? '出货记录' : 'Shipments',
    headers: [
      ...HEADERS[lang],
      lang === 'zh' ? '出货批次' : 'Shipment',
      lang === 'zh' ? '导入时间' : 'Imported',
    ],
    rows: items.map((i) => [
      kind(i.kind),
      i.serial,
      i.model,
      i.firmware,
      i.iccid ?? '',
      i.dealercode,
      i.collectorSerial ?? '',
      i.shipmentId,
      i.createdAt,
    ]),
    widths: 20,
  });
}

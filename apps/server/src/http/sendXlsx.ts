import type { FastifyReply } from 'fastify';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers an .xlsx workbook as a download named `filename` (every export and template call goes through here). */
export function sendXlsx(reply: FastifyReply, filename: string, file: Buffer | Uint8Array) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(file);
}

import { z } from 'zod';
import {
  customReportResult,
  customReportRun,
  reportTemplate,
  reportTemplateId,
  reportTemplateInput,
} from './customReports.ts';
import { emptyEnvelope, envelope } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  abnormalReport,
  abnormalReportQuery,
  periodicExportQuery,
  periodicReport,
  periodicReportQuery,
  reportPlantOption,
} from './reports.ts';

/** A test report sent now: the period it covered and whom it was mailed to. */
export const sentTestReport = z.object({ from: z.string(), to: z.string(), recipients: z.array(z.string()) });

/** The reports' calls (the `form`, `abnormalReport` and `CustomReport` screens). */
export const REPORT_ENDPOINTS = {
  plants: endpoint({ method: 'GET', path: '/report/plants', response: envelope(z.array(reportPlantOption)) }),
  periodic: endpoint({
    method: 'GET',
    path: '/report/periodic',
    query: periodicReportQuery,
    response: envelope(periodicReport),
  }),
  /** A file: the workbook, or the PDF with `format=pdf`. */
  periodicExport: endpoint({ method: 'GET', path: '/report/periodic/export', query: periodicExportQuery }),
  abnormal: endpoint({
    method: 'GET',
    path: '/report/abnormal',
    query: abnormalReportQuery,
    response: envelope(abnormalReport),
  }),
  templates: endpoint({
    method: 'GET',
    path: '/report/custom/templates',
    response: envelope(z.array(reportTemplate)),
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/report/custom/templates',
    body: reportTemplateInput,
    response: envelope(reportTemplate),
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/report/custom/templates/:id',
    params: reportTemplateId,
    body: reportTemplateInput,
    response: envelope(reportTemplate),
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/report/custom/templates/:id',
    params: reportTemplateId,
    response: emptyEnvelope,
  }),
  sendTestReport: endpoint({
    method: 'POST',
    path: '/report/custom/templates/:id/send',
    params: reportTemplateId,
    response: envelope(sentTestReport),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/report/custom/preview',
    body: customReportRun,
    response: envelope(customReportResult),
  }),
  /** A file: the workbook, or the PDF with `format: 'pdf'`. */
  customExport: endpoint({ method: 'POST', path: '/report/custom/export', body: customReportRun }),
};

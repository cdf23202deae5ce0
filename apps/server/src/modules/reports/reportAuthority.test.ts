import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE,
  type AbnormalReport,
  type CustomReportDefinition,
  type CustomReportResult,
  type PeriodicReport,
  type ReportTemplate,
} from '@solarops/contracts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { readWorkbookSheets } from '../../../test/readWorkbook.ts';
import {
  matrixCases,
  MATRIX_ROLES,
  scopeMatrixApp,
  seesEverything,
  type MatrixRole,
  type Reach,
} from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';

const DATE = '2025-11-20';

/** The default menu lists: the periodic report (`form`), the abnormal report and custom reports. */
const hasForm = (role: MatrixRole) => role !== 'endUser';
const hasOperationsReports = (role: MatrixRole) => role !== 'endUser' && role !== 'enterprise';

/** Every text a user reads in a workbook or a PDF, in one string. */
async function fileText(format: 'xlsx' | 'pdf', body: Buffer): Promise<string> {
  if (format === 'pdf') return (await pdfText(body)).join('\n');
  return JSON.stringify(await readWorkbookSheets(body));
}

const plantGrouping: CustomReportDefinition = {
  fields: ['plantCount', 'capacityKw', 'energyKwh'],
  groupBy: 'plant',
  period: 'day',
  billingStartDay: 1,
  sortBy: 'group',
  sortDir: 'asc',
};

const m = scopeMatrixApp();

/**
 * Reports that name a plant, or cover every plant without one (decision 0024): a named plant outside the caller's
 * scope is 404; a report over "every plant" spans the stranger's plant too, and the caller gets its own part of it,
 * the plants it names being what it covers. Reach: `all`, the caller's plant named; `none`, the stranger's plant
 * named; `part`, no plant named (the fleet report over all three plants).
 */
describe('who may read which report: role × report × scope', () => {
  const ACTIONS = ['periodic', 'workbook', 'pdf', 'abnormal'] as const;
  type Action = (typeof ACTIONS)[number];
  const hasScreen = (role: MatrixRole, action: Action) =>
    action === 'abnormal' ? hasOperationsReports(role) : hasForm(role);

  it.each(matrixCases(ACTIONS))('%s, %s, a report %s in scope', async (role, action, reach: Reach) => {
    const { world, nameOf } = m;
    const plant = reach === 'all' ? world.home[role] : reach === 'none' ? world.outside : undefined;
    const query = `date=${DATE}${plant ? `&plantId=${plant.plantId}` : ''}`;
    const url =
      action === 'abnormal'
        ? `/report/abnormal?${query}`
        : action === 'periodic'
          ? `/report/periodic?period=day&${query}`
          : `/report/periodic/export?period=day&format=${action === 'pdf' ? 'pdf' : 'xlsx'}&${query}`;
    const res = await m.call(role, 'GET', url);
    const want = !hasScreen(role, action) ? 403 : reach === 'none' && !seesEverything(role) ? 404 : 200;
    expect(res.statusCode, res.body).toBe(want);
    if (want !== 200) {
      expect(res.json().msg).toBe(want === 404 ? 'Not found' : 'Permission denied');
      return;
    }
    // What the report covers: the plant named, or the caller's own part of every plant.
    const covered = plant ? [plant] : world.visibleTo(role);
    if (action === 'abnormal') {
      expect((res.json().data as AbnormalReport).plantCount).toBe(covered.length);
      return;
    }
    if (action === 'periodic') {
      const report = res.json().data as PeriodicReport;
      expect(report.plants.map((p) => p.name).sort()).toEqual(covered.map(nameOf).sort());
      expect(report.totals.plantCount).toBe(covered.length);
      return;
    }
    const text = await fileText(action === 'pdf' ? 'pdf' : 'xlsx', res.rawPayload);
    for (const p of [world.home.endUser, world.home.enterprise, world.outside])
      expect(text.includes(nameOf(p)), nameOf(p)).toBe(covered.includes(p));
  });
});

/**
 * A custom report names no plant: it is always made over the caller's scope, so over the three plants every role
 * gets its own part, in the preview and in both files.
 */
describe('a custom report over every plant gives each role its own part', () => {
  const FORMATS = ['preview', 'xlsx', 'pdf'] as const;
  const cases = MATRIX_ROLES.flatMap((role) => FORMATS.map((format) => [role, format] as const));

  it.each(cases)('%s, %s', async (role, format) => {
    const { world, nameOf } = m;
    const res = await m.call(
      role,
      'POST',
      format === 'preview' ? '/report/custom/preview' : '/report/custom/export',
      { definition: plantGrouping, date: DATE, ...(format === 'preview' ? {} : { format, name: 'Plants' }) },
    );
    if (!hasOperationsReports(role)) {
      expect(res.statusCode, res.body).toBe(403);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const covered = world.visibleTo(role);
    if (format === 'preview') {
      const result = res.json().data as CustomReportResult;
      expect(result.rows.map((r) => r.group).sort()).toEqual(covered.map(nameOf).sort());
      expect(result.totals.plantCount).toBe(covered.length);
      return;
    }
    const text = await fileText(format, res.rawPayload);
    for (const p of [world.home.endUser, world.home.enterprise, world.outside])
      expect(text.includes(nameOf(p)), nameOf(p)).toBe(covered.includes(p));
  });
});

/**
 * Report templates belong to the account that saved them, whatever its role: another account's template does not
 * exist for the caller (404), an administrator's call included; a test mail made from one's own template holds the
 * owner's part of the fleet only.
 */
describe('who may change, delete or mail a report template: role × action × whose', () => {
  const ACTIONS = ['list', 'update', 'delete', 'send'] as const;
  const WHOSE = ['its own', 'another account’s'] as const;
  const cases = MATRIX_ROLES.flatMap((role) =>
    ACTIONS.flatMap((action) => WHOSE.map((whose) => [role, action, whose] as const)),
  );
  let other: { authorization: string };
  let seq = 0;

  beforeAll(async () => {
    other = (await loginAs(m.t.app, await createUser(m.t.db, { roleId: ROLE.distributor }))).headers;
  });

  /** A template `headers`' account saves, mailed daily to its own address. */
  const templateOf = async (headers: { authorization: string }) => {
    const recipient = `reports-${++seq}@example.com`;
    const res = await m.call(headers, 'POST', '/report/custom/templates', {
      name: `Plants ${seq}`,
      definition: plantGrouping,
      schedule: { frequency: 'daily', hour: 8, timeZone: 'Asia/Shanghai', recipients: [recipient] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json().data as ReportTemplate), recipient };
  };
  const stored = async (id: number) =>
    (await rowsOf<{ name: string }>(m.t.db, sql`select name from report_templates where id = ${id}`))[0]
      ?.name;

  it.each(cases)('%s, %s, %s template', async (role, action, whose) => {
    const { world, nameOf } = m;
    const caller = world.headers[role];
    if (!hasOperationsReports(role)) {
      const res = await m.call(caller, 'GET', '/report/custom/templates');
      expect(res.statusCode, res.body).toBe(403);
      return;
    }
    const template = await templateOf(whose === 'its own' ? caller : other);
    const mine = whose === 'its own';
    const res =
      action === 'list'
        ? await m.call(caller, 'GET', '/report/custom/templates')
        : action === 'update'
          ? await m.call(caller, 'PUT', `/report/custom/templates/${template.id}`, {
              name: 'Renamed',
              definition: plantGrouping,
              schedule: template.schedule,
            })
          : action === 'delete'
            ? await m.call(caller, 'DELETE', `/report/custom/templates/${template.id}`)
            : await m.call(caller, 'POST', `/report/custom/templates/${template.id}/send`);
    expect(res.statusCode, res.body).toBe(action === 'list' || mine ? 200 : 404);
    if (action === 'list') {
      const ids = (res.json().data as ReportTemplate[]).map((r) => r.id);
      expect(ids.includes(template.id)).toBe(mine);
    }
    if (action === 'update') expect(await stored(template.id)).toBe(mine ? 'Renamed' : template.name);
    if (action === 'delete') expect(await stored(template.id)).toBe(mine ? undefined : template.name);
    if (action === 'send') {
      const mails = m.t.mail.to(template.recipient);
      expect(mails).toHaveLength(mine ? 1 : 0);
      if (mine) {
        const text = await fileText('xlsx', mails[0]!.attachments[0]!.content);
        for (const p of [world.home.endUser, world.home.enterprise, world.outside])
          expect(text.includes(nameOf(p)), nameOf(p)).toBe(world.visibleTo(role).includes(p));
      }
    }
  });
});

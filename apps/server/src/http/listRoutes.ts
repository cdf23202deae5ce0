import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pageOf, type Endpoint } from '@solarops/contracts';
import type { Lang } from '../i18n/messages.ts';
import { endpointRoute, type EndpointRouteDoc } from './endpointRoute.ts';
import { page, pageWindow } from './envelope.ts';
import { requestLanguage } from './language.ts';
import { sendXlsx } from './sendXlsx.ts';

/**
 * The one recipe of a paged list and of its .xlsx export twin: the route declares its guard, schema and how it loads
 * a window of rows; paging, the page envelope and the download are here. A list and its export state the same
 * filters, so the export downloads what the list shows (up to its row limit).
 */

type App = Parameters<FastifyPluginAsyncZod>[0];
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Which rows of a list a call asks for (`LIMIT`/`OFFSET`). */
export type PageWindow = { limit: number; offset: number };

/** The paging fields every list query carries (`pageQuery` in contracts). */
type PagedQuery = { pageStart?: number | undefined; pageNumber?: number | undefined; pageSize: number };

/** A request with its query parsed by the route's `querystring` schema. */
export type ListRequest<Q extends z.ZodType> = FastifyRequest<{ Querystring: z.infer<Q> }>;

/** What a list or export route states about itself; the rest of its declaration is the recipe's. */
type ListRoute<Q extends z.ZodType> = {
  preHandler: Guard;
  tags: string[];
  security: { bearer: never[] }[];
  summary: string;
  querystring: Q;
  /** Route config, such as the operation log's `audit` entry of an export. */
  config?: { audit: string };
};

/** A list in the contracts' endpoint map: `GET`, a query with the paging fields, a page of rows. */
type PageEndpoint<Q extends z.ZodType<PagedQuery>, Row> = Endpoint & {
  method: 'GET';
  query: Q;
  response: z.ZodType<{ rows: Row[] }>;
};

/** `GET path`: one page of rows in the `{ code, msg, total, rows }` envelope. */
export function pagedList<Q extends z.ZodType<PagedQuery>, Row extends z.ZodType>(
  app: App,
  path: string,
  route: ListRoute<Q> & { row: Row; errors?: Record<number, z.ZodType> },
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ total: number; rows: z.output<Row>[] }>,
): void;
/** The same for a list of the endpoint map, whose query and rows the entry states. */
export function pagedList<Q extends z.ZodType<PagedQuery>, Row>(
  app: App,
  endpoint: PageEndpoint<Q, Row>,
  route: EndpointRouteDoc,
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ total: number; rows: Row[] }>,
): void;
export function pagedList<Q extends z.ZodType<PagedQuery>>(
  app: App,
  at: string | PageEndpoint<Q, unknown>,
  route: EndpointRouteDoc | (ListRoute<Q> & { row: z.ZodType; errors?: Record<number, z.ZodType> }),
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ total: number; rows: unknown[] }>,
): void {
  const answer = async (request: FastifyRequest) => {
    const { total, rows } = await load(request as ListRequest<Q>, pageWindow(request.query as PagedQuery));
    return page(total, rows);
  };
  if (typeof at !== 'string') {
    endpointRoute(app, at, route, answer);
    return;
  }
  const { row, errors, config, ...schema } = route as ListRoute<Q> & {
    row: z.ZodType;
    errors?: Record<number, z.ZodType>;
  };
  app.get(
    at,
    {
      preHandler: route.preHandler,
      ...(config ? { config } : {}),
      schema: {
        tags: schema.tags,
        security: schema.security,
        summary: schema.summary,
        querystring: schema.querystring,
        response: { 200: pageOf(row), ...errors },
      },
    },
    answer,
  );
}

/** What an export adds to its route: its row limit, its file's name and how its rows become the workbook. */
type ExportFile<Row> = {
  maxRows: number;
  fileName: string;
  workbook: (rows: Row[], lang: Lang) => Promise<Buffer>;
};

/** An export in the contracts' endpoint map: `GET` with the list's filters, answering a file. */
type ExportEndpoint<Q extends z.ZodType> = Endpoint & { method: 'GET'; query: Q; response?: undefined };

/** `GET path`: the rows a list's filters select, at most `maxRows`, as the .xlsx workbook `fileName`. */
export function listExport<Q extends z.ZodType, Row>(
  app: App,
  path: string,
  route: ListRoute<Q> & ExportFile<Row>,
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ rows: Row[] }>,
): void;
/** The same for an export of the endpoint map, whose query the entry states. */
export function listExport<Q extends z.ZodType, Row>(
  app: App,
  endpoint: ExportEndpoint<Q>,
  route: EndpointRouteDoc & ExportFile<Row>,
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ rows: Row[] }>,
): void;
export function listExport<Q extends z.ZodType, Row>(
  app: App,
  at: string | ExportEndpoint<Q>,
  route: (ListRoute<Q> | EndpointRouteDoc) & ExportFile<Row>,
  load: (request: ListRequest<Q>, window: PageWindow) => Promise<{ rows: Row[] }>,
): void {
  const { maxRows, fileName, workbook, config } = route;
  const download = async (request: FastifyRequest, reply: FastifyReply) => {
    const { rows } = await load(request as ListRequest<Q>, { limit: maxRows, offset: 0 });
    return sendXlsx(reply, fileName, await workbook(rows, requestLanguage(request)));
  };
  if (typeof at !== 'string') {
    // The whole documentation, as a list's: endpointRoute reads what it declares (a description too) and no more.
    endpointRoute(app, at, route as EndpointRouteDoc, download);
    return;
  }
  const { querystring } = route as ListRoute<Q>;
  app.get(
    at,
    {
      preHandler: route.preHandler,
      ...(config ? { config } : {}),
      schema: { tags: route.tags, security: route.security, summary: route.summary, querystring },
    },
    download,
  );
}

import {
  endpointPath,
  type EndpointBody,
  type EndpointCall,
  type EntryOf,
  type EndpointData,
  type EndpointQuery,
  type EndpointRow,
  type PathValues,
} from '@solarops/contracts';
import { request, requestPage, type RequestOptions } from './request.ts';

/**
 * Calls of the endpoints in the contracts' endpoint map, through the console's view of it (`X_CALLS`, no zod): the
 * method and path are those of the entry the server declares its route from, the path parameters, query and body are
 * typed by its schemas, and the answer by its response (types only, so no screen bundles a schema).
 */

type PathArgs<C extends EndpointCall> = [keyof PathValues<C['path']>] extends [never]
  ? { path?: undefined }
  : { path: PathValues<C['path']> };

/** A body sent as JSON (`body`), or as the form its entry `consumes` (`multipart`, `form`). */
export type EndpointArgs<C extends EndpointCall> = PathArgs<C> & {
  query?: EndpointQuery<EntryOf<C>>;
  body?: EndpointBody<EntryOf<C>>;
} & Omit<RequestOptions, 'method' | 'params' | 'json'>;

type Args<C extends EndpointCall> = [keyof PathValues<C['path']>] extends [never]
  ? [EndpointArgs<C>?]
  : [EndpointArgs<C>];

function optionsOf<C extends EndpointCall>(e: C, args: EndpointArgs<C>): [string, RequestOptions] {
  const { path, query, body, ...options } = args;
  return [
    endpointPath(e, (path ?? {}) as PathValues<C['path']>),
    { ...options, method: e.method, params: query as RequestOptions['params'], json: body },
  ];
}

/** A call answering `{ code, msg, data }`; resolves to `data`. */
export function callEndpoint<C extends EndpointCall>(
  e: C,
  ...[args]: Args<C>
): Promise<EndpointData<EntryOf<C>>> {
  return request<EndpointData<EntryOf<C>>>(...optionsOf(e, args ?? ({} as EndpointArgs<C>)));
}

/** A call answering a page `{ code, msg, total, rows }`. */
export function callPage<C extends EndpointCall>(
  e: C,
  ...[args]: Args<C>
): Promise<{ total: number; rows: EndpointRow<EntryOf<C>>[] }> {
  return requestPage<EndpointRow<EntryOf<C>>>(...optionsOf(e, args ?? ({} as EndpointArgs<C>)));
}

import {
  endpointPath,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type EndpointRow,
  type PathValues,
} from '@solarops/contracts';
import { request, requestPage, type RequestOptions } from './request.ts';

/**
 * Calls of the endpoints in the contracts' endpoint map: the method and path come from the entry the server declares
 * its route from, the path parameters, query and body are typed by its schemas, and the answer by its response.
 */

type PathArgs<E extends Endpoint> = [keyof PathValues<E['path']>] extends [never]
  ? { path?: undefined }
  : { path: PathValues<E['path']> };

/** A body sent as JSON (`body`), or as the form its entry `consumes` (`multipart`, `form`). */
export type EndpointArgs<E extends Endpoint> = PathArgs<E> & {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
} & Omit<RequestOptions, 'method' | 'params' | 'json'>;

function optionsOf<E extends Endpoint>(e: E, args: EndpointArgs<E>): [string, RequestOptions] {
  const { path, query, body, ...options } = args;
  return [
    endpointPath(e, (path ?? {}) as PathValues<E['path']>),
    { ...options, method: e.method, params: query as RequestOptions['params'], json: body },
  ];
}

/** A call answering `{ code, msg, data }`; resolves to `data`. */
export function callEndpoint<E extends Endpoint>(
  e: E,
  ...[args]: [keyof PathValues<E['path']>] extends [never] ? [EndpointArgs<E>?] : [EndpointArgs<E>]
): Promise<EndpointData<E>> {
  return request<EndpointData<E>>(...optionsOf(e, args ?? ({} as EndpointArgs<E>)));
}

/** A call answering a page `{ code, msg, total, rows }`. */
export function callPage<E extends Endpoint>(
  e: E,
  ...[args]: [keyof PathValues<E['path']>] extends [never] ? [EndpointArgs<E>?] : [EndpointArgs<E>]
): Promise<{ total: number; rows: EndpointRow<E>[] }> {
  return requestPage<EndpointRow<E>>(...optionsOf(e, args ?? ({} as EndpointArgs<E>)));
}

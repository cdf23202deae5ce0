import type { z } from 'zod';

/**
 * The endpoint map: each call of the API stated once, with its method, path (`:name` for a path parameter), path
 * parameters, query, body and answer. The server declares its route from the entry (`http/endpointRoute.ts`) and the
 * console calls through it (`api/callEndpoint.ts`), so a path or method cannot differ between the two; a module's
 * endpoints join the map whole (`endpointMaps.ts`), and then neither side may write one of its paths.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** The path below the API's prefix, with `:name` for each path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent when not as JSON: a form with a file (`multipart`) or a plain form. */
  consumes?: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** Request headers the call carries (an idempotency key). */
  headers?: z.ZodType;
  /** The answer of a success (`envelope(…)`, `pageOf(…)`, `emptyEnvelope`); absent for a file. */
  response?: z.ZodType;
}

/** States an endpoint, keeping its literal method and path for the types that read them. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's parameters are filled with. */
export type PathValues<P extends string> = { [K in PathParamNames<P>]: string | number };

/**
 * The console's view of an endpoint: its method and path as values, its schemas as a type only. A view module imports
 * its module's full entries with `import type`, which vanishes from the bundle, so a screen that calls an endpoint
 * loads no zod (the sign-in and the dashboard stay small, decision 0034); `endpointCalls.test.ts` holds each view to
 * its full entry.
 */
export interface EndpointCall<E extends Endpoint = Endpoint> {
  method: E['method'];
  path: E['path'];
  /** The full entry, as a type: it types the call's parameters, query, body and answer. Never set. */
  readonly [fullEntry]: E;
}
/** Names the type-only member of a view (no value exists at run time). */
export declare const fullEntry: unique symbol;

/** The full entry behind a view. */
export type EntryOf<C extends EndpointCall> = C[typeof fullEntry];

/**
 * States the console's view of a module's endpoints (`callsOf<typeof X_ENDPOINTS>()({ name: { method, path } })`):
 * the compiler refuses a name, method or path that is not the full entry's.
 */
export const callsOf =
  <M extends Record<string, Endpoint>>() =>
  (calls: { [K in keyof M]: { method: M[K]['method']; path: M[K]['path'] } }): {
    [K in keyof M]: EndpointCall<M[K]>;
  } =>
    calls as { [K in keyof M]: EndpointCall<M[K]> };

/** The address of an endpoint with its path parameters filled in (each encoded). */
export function endpointPath<E extends Pick<Endpoint, 'method' | 'path'>>(
  e: E,
  values: PathValues<E['path']>,
): string {
  const given = values as Record<string, string | number>;
  return e.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = given[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The payload (`data`) of an endpoint answering the `{ code, msg, data }` envelope. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType<{ data: infer D }> ? D : never;
/** The row of an endpoint answering a page `{ code, msg, total, rows }`. */
export type EndpointRow<E extends Endpoint> =
  E['response'] extends z.ZodType<{ rows: (infer R)[] }> ? R : never;
/** What the caller sends: the query and the body as the schemas take them in. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

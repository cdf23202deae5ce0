import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { ENDPOINT_MAPS } from './endpointMaps.ts';
import type { Endpoint, EndpointCall } from './endpoints.ts';

type Module = Record<string, Endpoint | EndpointCall>;
const exported = contracts as unknown as Record<string, unknown>;

/** Each map of full entries (`X_ENDPOINTS`) with the console's view of it (`X_CALLS`). */
const pairs = Object.keys(exported)
  .filter((name) => name.endsWith('_ENDPOINTS'))
  .map((name) => ({
    name,
    full: exported[name] as Module,
    calls: exported[name.replace(/_ENDPOINTS$/, '_CALLS')] as Module | undefined,
  }));

const shape = (module: Module) =>
  Object.fromEntries(Object.entries(module).map(([key, e]) => [key, `${e.method} ${e.path}`]));

describe("the console's view of the endpoint map", () => {
  it('has a view beside every map of full entries, and every mapped module is among them', () => {
    expect(pairs.filter((p) => !p.calls).map((p) => p.name)).toEqual([]);
    const fullMaps = new Set(pairs.map((p) => p.full));
    expect(Object.entries(ENDPOINT_MAPS).filter(([, map]) => !fullMaps.has(map))).toEqual([]);
  });

  it.each(pairs)(
    '$name: each view entry has its full entry’s name, method and path, and no more',
    ({ full, calls }) => {
      expect(shape(calls ?? {})).toEqual(shape(full));
    },
  );

  it('holds no schema: a view entry is its method and path alone', () => {
    for (const { calls } of pairs)
      for (const e of Object.values(calls ?? {})) expect(Object.keys(e).sort()).toEqual(['method', 'path']);
  });

  // What keeps zod out of a screen's bundle: a view module's only value import is endpoints.ts, which has none.
  it('imports no schema: a view module imports endpoints.ts alone as a value, and endpoints.ts no value at all', () => {
    const valueImports = (file: string) =>
      [
        ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(
          /^import (?!type )[^;]*? from '([^']+)'/gm,
        ),
      ].map((m) => m[1]);
    const files = readdirSync(new URL('.', import.meta.url));
    const views = files.filter((f) => /Calls\.ts$/.test(f));
    expect(views).toEqual(
      files.filter((f) => /Endpoints\.ts$/.test(f)).map((f) => f.replace('Endpoints', 'Calls')),
    );
    for (const view of views)
      expect({ view, imports: valueImports(view) }).toEqual({ view, imports: ['./endpoints.ts'] });
    expect(valueImports('endpoints.ts')).toEqual([]);
  });
});

import type { App } from '../src/app.ts';

/** The part of a JSON schema (as the OpenAPI document gives it) that the walks below read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the API as its OpenAPI document describes it. */
export interface Operation {
  method: string;
  /** The path as the document writes it, `/prod-api/plant/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The body's media type and schema, when the operation declares one. */
  body?: { mediaType: string; schema: JsonSchema };
  /** The security schemes it names (`bearer`, `client`, `device`); empty for a public operation. */
  security: string[];
  summary: string;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
  summary?: string;
}

/** Every operation of the app's OpenAPI document (`app.swagger()`, after `app.ready()`), in document order. */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, DocOperation>> };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const [media] = Object.entries(op.requestBody?.content ?? {});
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(media ? { body: { mediaType: media[0], schema: media[1].schema } } : {}),
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        summary: op.summary ?? '',
      });
    }
  }
  return ops;
}

/** Strings tried, in order, for a string with a pattern: the first that matches it (and its lengths) is used. */
const PATTERN_CANDIDATES = [
  'Fuzz',
  'FUZZ0001',
  'CNY',
  '2024-05-01',
  '2024-05-01T08:00:00Z',
  '13800138000',
  '123456',
  '1,2',
  '91110000600037341L',
  '/prod-api/files/plants/a.png',
  '00000000-0000-0000-0000-000000000000',
];

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A value the schema accepts, as plain as possible (the walks change one field of it at a time). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return sampleOf(alternative);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const value = Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
      return schema.exclusiveMinimum === true && value === schema.minimum ? value + 1 : value;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sampleOf(schema.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key] ?? {});
      return out;
    }
    case 'string':
      return sampleString(schema);
    default:
      // An unconstrained value (a date the route coerces itself, a file's bytes).
      return '2024-05-01';
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') return '2024-05-01T08:00:00.000Z';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    const re = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((s) => re.test(s) && fits(s));
    if (found) return found;
    const padded = PATTERN_CANDIDATES.map((s) => s.padEnd(min, s.at(-1))).find((s) => re.test(s) && fits(s));
    if (padded) return padded;
  }
  return 'Fuzz-value-2024!'.padEnd(min, 'x').slice(0, Math.min(max, Math.max(min, 16)));
}

/** The operation's URL with each path parameter replaced (`values`) or sampled, and the query string. */
export function urlOf(op: Operation, values: { path?: Record<string, string>; query?: string } = {}): string {
  let url = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = values.path?.[p.name] ?? encodeURIComponent(String(sampleOf(p.schema)));
    url = url.replace(`{${p.name}}`, value);
  }
  return values.query ? `${url}?${values.query}` : url;
}

/** The query string of the operation's required query parameters, sampled (empty when it has none). */
export function requiredQuery(op: Operation, except?: string): URLSearchParams {
  const q = new URLSearchParams();
  for (const p of op.parameters) {
    if (p.in === 'query' && p.required && p.name !== except) q.set(p.name, String(sampleOf(p.schema)));
  }
  return q;
}

/**
 * The fuzz test's systematic half: for each input of an operation (each path and query
 * parameter, each place in a fitting body), one request per danger of that input's kind, the
 * rest of the request fitting. Random runs find what nobody listed; the sweep makes sure the
 * known dangers (NUL, year 0000, huge text, wrong types) reach every input of every route.
 */
import fc from 'fast-check';
import {
  DATE_LIKE,
  type JsonSchema,
  type SchemaContext,
  fittingValue,
  placesIn,
  realValuesFor,
  replaceAt,
  resolve,
} from './openapi-arbitraries.ts';
import type { OpenApiDocument, Operation } from './openapi-operations.ts';
import { encode, type FuzzBody, type FuzzRequest } from './openapi-requests.ts';

const NUL = 'a\u0000b';
const DANGERS = {
  text: [NUL, 'x'.repeat(10_001), 12_345],
  date: ['0000-01-01', '9999-12-31', '2026-02-30', NUL],
  // 2 ** 31: just past what a 32-bit column holds.
  number: [-1, 1.5, 2 ** 31, 1e308, '1'],
  boolean: ['true', null],
  other: [null, 'x'],
};
const URL_DANGERS = {
  text: ['%00', encode('x'.repeat(2_001)), '%ED%A0%80', '%zz'],
  date: ['0000-01-01', '9999-12-31', '2026-02-30'],
  number: ['-1', '1.5', '1e309', 'NaN'],
};

/** The dangers for a value of this kind: mostly of its own kind, which a validator must judge rather than refuse by type. */
function dangersFor(value: unknown): unknown[] {
  if (typeof value === 'string') return DATE_LIKE.test(value) ? DANGERS.date : DANGERS.text;
  if (typeof value === 'number') return DANGERS.number;
  if (typeof value === 'boolean') return DANGERS.boolean;
  return DANGERS.other;
}

/**
 * The dangers for a declared field, as its schema says; for a number, also its largest allowed
 * value (which a column too small for it cannot store) and one past each bound.
 */
function dangersForSchema(schema: JsonSchema): unknown[] {
  const type = (Array.isArray(schema.type) ? schema.type : [schema.type]).find((t) => t !== 'null');
  if (type === 'integer' || type === 'number') {
    const lowest = schema.minimum ?? schema.exclusiveMinimum;
    const highest = schema.maximum ?? schema.exclusiveMaximum;
    const bounds = [
      ...(lowest === undefined ? [] : [lowest - 1]),
      ...(highest === undefined ? [] : [highest, highest + 1]),
    ];
    return [...new Set([...DANGERS.number, ...bounds])];
  }
  if (type === 'string') return schema.format === 'date' ? DANGERS.date : DANGERS.text;
  if (type === 'boolean') return DANGERS.boolean;
  return DANGERS.other;
}

/** Every field the body's schema declares, through nested objects (not lists), with its schema. */
function declaredPlaces(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  path: string[] = [],
): { path: string[]; schema: JsonSchema }[] {
  const s = resolve(schema, { schemas });
  return Object.entries(s.properties ?? {}).flatMap(([key, property]) => {
    const resolved = resolve(property, { schemas });
    return [
      { path: [...path, key], schema: resolved },
      ...(resolved.properties ? declaredPlaces(resolved, schemas, [...path, key]) : []),
    ];
  });
}

/** The body the document gives as an example, which fits the rules across fields too. */
function exampleOf(schema: JsonSchema, schemas: Record<string, JsonSchema>): unknown {
  return (schema.$ref ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema)?.example;
}

/** One sample, the same every run. */
const sampleOf = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { numRuns: 1, seed: 1 })[0]!;

export function sweepRequests(
  op: Operation,
  doc: OpenApiDocument,
  realValues: Record<string, string[]>,
): FuzzRequest[] {
  const ctx = { schemas: doc.components?.schemas ?? {}, realValues };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const fittingPath = Object.fromEntries(
    pathParams.map((p) => {
      const segments = op.path.split('/');
      const at = segments.indexOf(`{${p.name}}`);
      const real = realValuesFor(realValues, p.name, segments[at - 1], segments[at + 1]);
      return [p.name, real[0] ?? encode(String(sampleOf(fittingValue(p.schema ?? { type: 'string' }, ctx, p.name))))];
    }),
  );
  const pathWith = (name?: string, value?: string) =>
    op.path.replace(/\{(\w+)\}/g, (_, param: string) => (param === name ? value! : fittingPath[param]!));
  const required = op.parameters.filter((p) => p.in === 'query' && p.required);
  const requiredQuery = required.map(
    (p) => `${encode(p.name)}=${encode(String(sampleOf(fittingValue(p.schema ?? { type: 'string' }, ctx, p.name))))}`,
  );
  const urlWith = (path: string, extra?: string) => {
    const query = [...requiredQuery, ...(extra ? [extra] : [])].join('&');
    return query ? `${path}?${query}` : path;
  };
  const body: FuzzBody | null = op.body?.contentType.includes('json')
    ? { kind: 'json', value: exampleOf(op.body.schema, ctx.schemas) ?? sampleOf(fittingValue(op.body.schema, ctx)) }
    : null;
  const request = (url: string, json = body): FuzzRequest => ({
    url,
    body: op.method === 'GET' ? null : json,
    signedIn: true,
  });

  const requests: FuzzRequest[] = [];
  for (const p of pathParams)
    for (const danger of URL_DANGERS.text) requests.push(request(urlWith(pathWith(p.name, danger))));
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    const kind =
      p.schema?.format === 'date'
        ? URL_DANGERS.date
        : p.schema?.type === 'integer' || p.schema?.type === 'number'
          ? URL_DANGERS.number
          : [];
    for (const danger of [...kind, ...URL_DANGERS.text])
      requests.push(request(urlWith(pathWith(), `${encode(p.name)}=${danger}`)));
  }
  if (body?.kind === 'json' && op.body) {
    // Each declared field, present in the sample or not, then whatever else the sample holds (list items).
    const declared = declaredPlaces(op.body.schema, ctx.schemas);
    const seen = new Set(declared.map((d) => d.path.join('.')));
    const places = [
      ...declared.map(({ path, schema }) => ({
        path: path as (string | number)[],
        dangers: [...dangersForSchema(schema), undefined],
      })),
      ...placesIn(body.value)
        .filter((path) => !seen.has(path.join('.')))
        .map((path) => ({
          path,
          dangers: dangersFor(
            path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], body.value),
          ),
        })),
    ];
    for (const { path, dangers } of places) {
      for (const danger of dangers)
        requests.push(request(urlWith(pathWith()), { kind: 'json', value: replaceAt(body.value, path, danger) }));
    }
    // Then each declared field given values that fit its own schema, the rest as the sample has it:
    // a field the example leaves out, set alone, breaks rules across fields (an employer named
    // without the employer link) that no bad value in one place reaches, and a route that leaves
    // such a rule to the database's check answers 500.
    for (const { path, schema } of declared)
      for (const value of fittingSamples(schema, ctx, String(path.at(-1))))
        requests.push(request(urlWith(pathWith()), { kind: 'json', value: replaceAt(body.value, path, value) }));
  }
  return requests;
}

const FITTING_SAMPLES = 2;

/** A field's own schema without `null`: a fitting value that says something. */
function withoutNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.filter((t) => t !== 'null') };
  const choices = schema.anyOf ?? schema.oneOf;
  return choices ? { ...schema, anyOf: choices.filter((c) => c.type !== 'null'), oneOf: undefined } : schema;
}

/** Distinct values that fit `schema`, the same every run, text never blank (a blank often counts as left out). */
function fittingSamples(schema: JsonSchema, ctx: SchemaContext, name: string): unknown[] {
  const samples = fc.sample(fittingValue(withoutNull(resolve(schema, ctx)), ctx, name), { numRuns: 20, seed: 1 });
  const kept = new Map<string, unknown>();
  for (const value of samples) {
    if (typeof value === 'string' && value.trim() === '') continue;
    kept.set(JSON.stringify(value), value);
    if (kept.size === FITTING_SAMPLES) break;
  }
  return [...kept.values()];
}

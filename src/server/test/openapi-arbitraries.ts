/**
 * fast-check arbitraries from the JSON schemas of an OpenAPI 3.1 document, for the schema-driven
 * fuzz test (src/server/http/openapi-fuzz.test.ts): values that fit a schema, so a request gets
 * past the fields it is not aimed at, and the same values with one place made bad.
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  default?: unknown;
  example?: unknown;
};

export type SchemaContext = {
  /** `#/components/schemas`, for `$ref`. */
  schemas: Record<string, JsonSchema>;
  /**
   * Ids of rows that exist, by what they are ('accounts', 'userId'), tried in id-like fields so
   * a request gets past "not found" (see `realValuesFor`).
   */
  realValues: Record<string, string[]>;
};

/**
 * The real values for a field or parameter: by its name ('userId'), by the collection an `xId`
 * names ('accountId' → 'accounts', 'standingOrderId' → 'standing-orders'), or, for a plain
 * `id`, by the path segment before it, first narrowed by the one after it when there are rows
 * for that ('accounts/pension': the accounts a `/api/accounts/{id}/pension` route takes); any
 * real id otherwise.
 */
export function realValuesFor(
  realValues: Record<string, string[]>,
  name: string,
  collection?: string,
  subresource?: string,
): string[] {
  const named = /^(\w+?)Ids?$/.exec(name)?.[1];
  const plural = named && `${named.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`;
  return (
    (collection && subresource ? realValues[`${collection}/${subresource}`] : undefined) ??
    realValues[name] ??
    (plural ? realValues[plural] : undefined) ??
    (collection ? realValues[collection] : undefined) ??
    Object.values(realValues).flat()
  );
}

/** Strings that have broken servers, in kinds, each kind as likely as the next. */
const BAD_STRINGS = {
  nul: ['\u0000', 'a\u0000b', 'Ann\u0000', '\u0000'.repeat(3)],
  dates: [
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '1899-12-31',
    '2100-01-01',
    '-0001-01-01',
    '+275760-09-13',
    '2026-1-1',
    '20260101',
    '2026-01-01T00:00:00Z',
    '01/02/2026',
  ],
  numbers: [
    '-1',
    '0',
    '-0',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '9007199254740993',
    '0x10',
    ' 1',
    '1 ',
    '١٢',
  ],
  words: ['', ' ', 'true', 'null', 'undefined', '[]', '{}', '__proto__', 'constructor'],
  ids: [
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'not-an-id',
    '../../etc/passwd',
    '%',
    '%zz',
    '%00',
  ],
  unicode: [
    '\ud800',
    '\udfff',
    '🐷',
    '👩‍👩‍👧‍👦',
    '\u202e',
    '\ufeff',
    'ß',
    'İ',
    'ǅ',
    '\u0301',
    '\r\n',
    '\t',
    '\u2028',
    '\u007f',
  ],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, sent as text.
  injections: ["'; drop table accounts; --", '" or 1=1 --', '<script>alert(1)</script>', '${7*7}', '=cmd|calc', '\\'],
  long: ['x'.repeat(101), 'x'.repeat(256), 'x'.repeat(10_001)],
};

const BAD_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];

export function badString(): fc.Arbitrary<string> {
  return fc.oneof(
    ...Object.values(BAD_STRINGS).map((kind) => fc.constantFrom(...kind)),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: 'binary-ascii', maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
}

/** Years at the edges: none (0000), the first, the product's bounds either side, the last with four digits. */
const EDGE_YEARS = [0, 1, 1899, 1900, 2099, 2100, 9999];

/** Dates a date field must refuse or bound: impossible, at the edges of any range, or not 'yyyy-MM-dd'. */
export function badDate(): fc.Arbitrary<string> {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const year = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_YEARS) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 9999 }) },
  );
  return fc.oneof(
    fc.constantFrom(...BAD_STRINGS.dates),
    fc
      .tuple(year, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
    fc
      .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  );
}

/** Three times in four: a replacement of the same kind, which gets further into a route than a wrong type. */
export const mostly = fc.oneof(
  { weight: 3, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

export const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;

const badNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any value of the wrong kind for most places: bad text, odd numbers, null, lists and objects. */
export function badValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: badString() },
    { weight: 4, arbitrary: badNumber },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { '': null }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

export function resolve(schema: JsonSchema, ctx: Pick<SchemaContext, 'schemas'>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = ctx.schemas[name];
  if (!target) throw new Error(`Unknown schema ${schema.$ref}`);
  return resolve(target, ctx);
}

const isIdName = (name: string | undefined): name is string => name !== undefined && /(?:^ids?$|Ids?$)/.test(name);

/** A real 'yyyy-MM-dd' date in recent years. */
const calendarDate = fc
  .date({ min: new Date(Date.UTC(1995, 0, 1)), max: new Date(Date.UTC(2035, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function fittingString(schema: JsonSchema, ctx: SchemaContext, name: string | undefined): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  switch (schema.format) {
    case 'date':
      return calendarDate;
    case 'date-time':
      return fc
        .date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2030, 0, 1)), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.oneof(...withReal(fc.uuid(), ctx, name ?? 'id'));
  }
  if (name === 'email') return fc.emailAddress();
  const text = fc.string({ unit: 'grapheme', minLength, maxLength });
  return isIdName(name) ? fc.oneof(...withReal(text, ctx, name)) : text;
}

function withReal(other: fc.Arbitrary<string>, ctx: SchemaContext, name: string): fc.WeightedArbitrary<string>[] {
  const real = realValuesFor(ctx.realValues, name);
  return real.length > 0
    ? [
        { weight: 3, arbitrary: fc.constantFrom(...real) },
        { weight: 1, arbitrary: other },
      ]
    : [{ weight: 1, arbitrary: other }];
}

function fittingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : schema.minimum;
  const max =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : schema.maximum;
  if (integer) {
    const low = Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const high = Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: low, max: high }), roundInteger(low, high));
  }
  return fc.double({ min: min ?? -1_000_000, max: max ?? 1_000_000, noNaN: true });
}

/**
 * A whole number of hundreds, thousands or hundred-thousands between `low` and `high`: what
 * people type, and what rules the document cannot state let through (whole pounds in pence, an
 * allowance in steps of £1,000), so a body gets past them to the checks behind.
 */
function roundInteger(low: number, high: number): fc.Arbitrary<number> {
  return fc.constantFrom(100, 1_000, 100_000).chain((step) => {
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    return first > last
      ? fc.integer({ min: low, max: high })
      : fc.integer({ min: first, max: Math.min(last, first + 1_000_000) }).map((n) => n * step);
  });
}

/** A value that fits `schema`: the right types, enums, bounds and formats, required fields present. */
export function fittingValue(schema: JsonSchema, ctx: SchemaContext, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  // A declared default or example fits the other fields too (a day of the month that suits the frequency, say).
  const known = [s.default, s.example].filter((v) => v !== undefined);
  if (known.length > 0)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: fittingValue({ ...s, default: undefined, example: undefined }, ctx, name, depth) },
    );
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => fittingValue(c, ctx, name, depth + 1)));
  if (s.allOf) return fittingValue(mergeAll(s.allOf.map((part) => resolve(part, ctx))), ctx, name, depth + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  const nonNull = types.filter((t) => t !== 'null');
  const values = nonNull.map((type) => fittingOfType(type, s, ctx, name, depth));
  if (nonNull.length < types.length) values.push(fc.constant(null));
  return values.length === 1 ? values[0]! : fc.oneof(...values);
}

function fittingOfType(
  type: string,
  s: JsonSchema,
  ctx: SchemaContext,
  name: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fittingString(s, ctx, name);
    case 'integer':
      return fittingNumber(s, true);
    case 'number':
      return fittingNumber(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      const items = s.items ? fittingValue(s.items, ctx, name, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object': {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fittingValue(value, ctx, key, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) as never[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function mergeAll(parts: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = {};
  for (const part of parts) {
    const properties = { ...merged.properties, ...part.properties };
    const required = [...(merged.required ?? []), ...(part.required ?? [])];
    Object.assign(merged, part, { properties, required });
  }
  return merged;
}

/**
 * What to do to one place. A replacement is of the same kind, mostly (text for text, a number
 * for a number: the values a validator must judge rather than refuse by type), or any bad value.
 */
type Mutation =
  | { kind: 'replace'; sameKind: boolean; text: string; date: string; number: number; bad: unknown }
  | { kind: 'delete' }
  | { kind: 'extra'; key: string; bad: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({ sameKind: mostly, text: badString(), date: badDate(), number: badNumber, bad: badValue() })
      .map((m): Mutation => ({ kind: 'replace', ...m })),
  },
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'delete' }) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        key: fc.oneof(badString(), fc.constantFrom('id', 'userId', 'isAdmin', 'role', '__proto__')),
        bad: badValue(),
      })
      .map((m): Mutation => ({ kind: 'extra', ...m })),
  },
);

/** Every place in a JSON value: the value itself, and each key or index inside it, as paths. */
export function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const places = [path];
  if (Array.isArray(value))
    value.forEach((item, i) => {
      places.push(...placesIn(item, [...path, i]));
    });
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places.push(...placesIn(item, [...path, key]));
  return places;
}

function mutate(value: unknown, path: (string | number)[], change: Mutation): unknown {
  if (path.length === 0) {
    if (change.kind === 'extra' && value !== null && typeof value === 'object' && !Array.isArray(value))
      return { ...value, [change.key]: change.bad };
    if (change.kind === 'replace' && change.sameKind && typeof value === 'string')
      return DATE_LIKE.test(value) ? change.date : change.text;
    if (change.kind === 'replace' && change.sameKind && typeof value === 'number') return change.number;
    return change.kind === 'delete' ? undefined : change.bad;
  }
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const inner = mutate(copy[head!], rest, change);
  if (inner === undefined && !Array.isArray(copy)) delete copy[head!];
  else copy[head!] = inner;
  return copy;
}

/** `value` with the place at `path` replaced by `bad`, or removed when `bad` is undefined. */
export function replaceAt(value: unknown, path: (string | number)[], bad: unknown): unknown {
  return mutate(
    value,
    path,
    bad === undefined ? { kind: 'delete' } : { kind: 'replace', sameKind: false, text: '', date: '', number: 0, bad },
  );
}

/**
 * A fitting value with one place replaced by a bad value, removed, or given an unexpected key;
 * or, given `replacement`, with one place replaced by it.
 */
export function mutatedValue(
  schema: JsonSchema,
  ctx: SchemaContext,
  replacement?: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const change = replacement
    ? replacement.map((bad): Mutation => ({ kind: 'replace', sameKind: false, text: '', date: '', number: 0, bad }))
    : mutation;
  return fc.tuple(fittingValue(schema, ctx), fc.nat(), change).map(([value, pick, change]) => {
    const places = placesIn(value);
    return mutate(value, places[pick % places.length]!, change);
  });
}

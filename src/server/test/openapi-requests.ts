/**
 * Requests for the schema-driven fuzz test, generated from each operation of /api/openapi.json:
 * path, query and body values that fit the declared schemas with one place made bad, wholly bad
 * values, malformed bodies and broken percent-encodings.
 */
import fc from 'fast-check';
import {
  type JsonSchema,
  type SchemaContext,
  badDate,
  badString,
  badValue,
  fittingValue,
  mostly,
  mutatedValue,
  realValuesFor,
} from './openapi-arbitraries.ts';
import type { OpenApiDocument, Operation } from './openapi-operations.ts';

export type FuzzBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'form'; fields: [string, string | { bytes: Uint8Array; name: string; type: string }][] };

export type FuzzRequest = { url: string; body: FuzzBody | null; signedIn: boolean };

/** Percent-encodings a client could send that no encoder would write. */
const RAW_URL_PIECES = ['%', '%zz', '%00', '%ff', '%c3%28', '%ed%a0%80', '..', '.', '%2e%2e', '%2F', '%252F', '+'];

/** `encodeURIComponent`, which refuses a lone surrogate: that one goes as the bytes of one. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const urlPiece = (fitting: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: fitting.map((v) => encode(String(v))) },
    { weight: 3, arbitrary: badString().map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  );

function pathArbitrary(
  op: Operation,
  schemas: Record<string, JsonSchema>,
  realValues: Record<string, string[]>,
): fc.Arbitrary<string> {
  const segments = op.path.split('/').map((segment, i, list) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) return fc.constant(segment);
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const real = realValuesFor(realValues, name, list[i - 1], list[i + 1]);
    const fitting = fittingValue(param?.schema ?? { type: 'string' }, { schemas, realValues }, name);
    return real.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 2, arbitrary: urlPiece(fitting) })
      : urlPiece(fitting);
  });
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

/** A bad value for one parameter: of its own kind (a bad date for a date), or any bad text. */
type QueryChange =
  | { kind: 'none' }
  | { kind: 'bad'; sameKind: boolean; value: string; date: string }
  | { kind: 'repeat' }
  | { kind: 'extra'; name: string; value: string };

const badUrlValue = fc.oneof(
  { weight: 4, arbitrary: badString().map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
);

const queryChange: fc.Arbitrary<QueryChange> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<QueryChange>({ kind: 'none' }) },
  {
    weight: 5,
    arbitrary: fc
      .record({ sameKind: mostly, value: badUrlValue, date: badDate() })
      .map((m): QueryChange => ({ kind: 'bad', ...m })),
  },
  { weight: 1, arbitrary: fc.constant<QueryChange>({ kind: 'repeat' }) },
  {
    weight: 1,
    arbitrary: fc.tuple(badUrlValue, badUrlValue).map(([name, value]): QueryChange => ({ kind: 'extra', name, value })),
  },
);

/** Fitting values for the query parameters (optional ones sometimes left out), then one change. */
function queryArbitrary(
  op: Operation,
  schemas: Record<string, JsonSchema>,
  realValues: Record<string, string[]>,
): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const values = params.map((p) => {
    const value = fittingValue(p.schema ?? { type: 'string' }, { schemas, realValues }, p.name).map((v) =>
      encode(String(v)),
    );
    return p.required ? value : fc.option(value, { nil: null, freq: 2 });
  });
  return fc.tuple(fc.tuple(...values), fc.nat(), queryChange).map(([chosen, pick, change]) => {
    const pairs = params.flatMap((p, i) =>
      chosen[i] === null ? [] : [[encode(p.name), chosen[i]!] as [string, string]],
    );
    const param = params.length > 0 ? params[pick % params.length]! : null;
    if (change.kind === 'bad' && param) {
      const target = encode(param.name);
      const value = change.sameKind && param.schema?.format === 'date' ? change.date : change.value;
      const at = pairs.findIndex(([name]) => name === target);
      if (at >= 0) pairs[at] = [target, value];
      else pairs.push([target, value]);
    }
    if (change.kind === 'repeat' && pairs.length > 0) pairs.push(pairs[pick % pairs.length]!);
    if (change.kind === 'extra') pairs.push([change.name, change.value]);
    return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
  });
}

const DEPTH = 50_000;
const MALFORMED_JSON = [
  '',
  '{',
  '[',
  '{"a":',
  'nul',
  '"unterminated',
  '{"a":1}{',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1,"a":2}',
  // Valid, and deeper than any recursive walk of it can go.
  `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  `${'['.repeat(DEPTH)}"\\u0000"${']'.repeat(DEPTH)}`,
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
];

/** Number tokens JSON allows but JavaScript numbers cannot hold exactly (or at all). */
const RAW_NUMBERS = ['1e400', '-1e400', '1E-400', '123456789012345678901234567890', '-0', '0.1e1', '1.0', '4.35e2'];
const PLACEHOLDER = '\u2063number\u2063';

/** A fitting body with one value written as a raw number token (`JSON.stringify` cannot write these). */
function rawNumberBody(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<FuzzBody> {
  return fc.tuple(mutatedValue(schema, ctx, fc.constant(PLACEHOLDER)), fc.constantFrom(...RAW_NUMBERS)).map(
    ([value, token]): FuzzBody => ({
      kind: 'text',
      contentType: 'application/json',
      text: (JSON.stringify(value) ?? '').replace(JSON.stringify(PLACEHOLDER), token),
    }),
  );
}

function jsonBodyArbitrary(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  realValues: Record<string, string[]>,
): fc.Arbitrary<FuzzBody> {
  const ctx = { schemas, realValues };
  return fc.oneof(
    { weight: 8, arbitrary: mutatedValue(schema, ctx).map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: fittingValue(schema, ctx).map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: badValue().map((value): FuzzBody => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((text): FuzzBody => ({ kind: 'text', contentType: 'application/json', text })),
    },
    { weight: 1, arbitrary: rawNumberBody(schema, ctx) },
    {
      weight: 1,
      arbitrary: fittingValue(schema, ctx).map(
        (value): FuzzBody => ({ kind: 'text', contentType: 'text/plain', text: JSON.stringify(value) ?? '' }),
      ),
    },
  );
}

const IMAGE_HEADERS = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46],
];

/** A file that claims to be an image: an image's first bytes (or none) and random ones after. */
const fileArbitrary = fc
  .record({
    header: fc.constantFrom([], ...IMAGE_HEADERS),
    rest: fc.uint8Array({ maxLength: 64 }),
    name: fc.oneof(fc.constantFrom('me.png', 'me.jpg', '', '../me.png', 'me.svg'), badString()),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
  })
  .map(({ header, rest, name, type }) => ({ bytes: new Uint8Array([...header, ...rest]), name, type }));

function formBodyArbitrary(schema: JsonSchema, schemas: Record<string, JsonSchema>): fc.Arbitrary<FuzzBody> {
  const properties = (schemas[schema.$ref?.replace('#/components/schemas/', '') ?? ''] ?? schema).properties ?? {};
  const fields = Object.entries(properties).map(([name, property]) =>
    fc.option(
      property.format === 'binary'
        ? fc.oneof(fileArbitrary, badString()).map((value) => [name, value] as FuzzFormField)
        : badString().map((value) => [name, value] as FuzzFormField),
      { nil: null, freq: 4 },
    ),
  );
  return fc
    .tuple(...fields)
    .map((chosen): FuzzBody => ({ kind: 'form', fields: chosen.filter((f): f is FuzzFormField => f !== null) }));
}

type FuzzFormField = Extract<FuzzBody, { kind: 'form' }>['fields'][number];

/** A multipart body that cannot be read: no boundary in its type, or cut short before its end. */
const unreadableFormArbitrary: fc.Arbitrary<FuzzBody> = fc
  .record({
    contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=fuzz'),
    text: fc.constantFrom(
      '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      '--fuzz\r\nContent-Disposition: form-data; name="mode"\r\n\r\nsync\r\n',
      'not a form at all',
    ),
  })
  .map(({ contentType, text }): FuzzBody => ({ kind: 'text', contentType, text }));

function bodyArbitrary(
  op: Operation,
  schemas: Record<string, JsonSchema>,
  realValues: Record<string, string[]>,
): fc.Arbitrary<FuzzBody | null> {
  if (op.method === 'GET') return fc.constant(null);
  if (!op.body)
    return fc.option(
      badValue().map((value): FuzzBody => ({ kind: 'json', value })),
      { nil: null, freq: 4 },
    );
  if (op.body.contentType === 'multipart/form-data') {
    return fc.oneof(
      { weight: 4, arbitrary: formBodyArbitrary(op.body.schema, schemas) },
      { weight: 1, arbitrary: jsonBodyArbitrary(op.body.schema, schemas, realValues) },
      { weight: 1, arbitrary: unreadableFormArbitrary },
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: jsonBodyArbitrary(op.body.schema, schemas, realValues) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** One generated request for `op`; `realValues` are ids of rows that exist (see test/fuzz-fixtures.ts). */
export function requestArbitrary(
  op: Operation,
  doc: OpenApiDocument,
  realValues: Record<string, string[]>,
): fc.Arbitrary<FuzzRequest> {
  const schemas = doc.components?.schemas ?? {};
  return fc
    .record({
      path: pathArbitrary(op, schemas, realValues),
      query: queryArbitrary(op, schemas, realValues),
      body: bodyArbitrary(op, schemas, realValues),
      signedIn: op.access === 'public' ? fc.boolean() : fc.constant(true),
    })
    .map(({ path, query, body, signedIn }) => ({ url: `${path}${query}`, body, signedIn }));
}

/**
 * Issue 12: no input gets a 500. Every operation in /api/openapi.json is sent requests generated
 * from its declared schemas: first a sweep of known dangers through each of its inputs
 * (test/openapi-sweep.ts), then random requests (test/openapi-requests.ts): values that fit
 * with one place made bad, wholly bad values, malformed bodies. A route added later is in the
 * document, so it is fuzzed without anyone listing it. Each answer must be below 500, and a 4xx
 * must have written nothing (test/database-fingerprint.ts).
 *
 * Reproducible: each route's inputs follow from FUZZ_SEED (a fixed default) and the route.
 * Explore more with `FUZZ_SEED=<n> FUZZ_SCALE=<n> npx vitest run src/server/http/openapi-fuzz.test.ts`,
 * and narrow to routes with FUZZ_ONLY=<text in "METHOD /path">.
 */
import { MAILBOX_TOKEN_HEADER } from '../../core/dev-mailbox/mailbox-token.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedFingerprint, fingerprintedTables } from '../test/database-fingerprint.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { CreatedRows } from '../test/fuzz-created-rows.ts';
import { createFuzzFixtures, type FuzzFixtures } from '../test/fuzz-fixtures.ts';
import { type OpenApiDocument, type Operation, inputCount, operationsOf } from '../test/openapi-operations.ts';
import { type FuzzBody, type FuzzRequest, requestArbitrary } from '../test/openapi-requests.ts';
import { sweepRequests } from '../test/openapi-sweep.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 12_2026);
/** More (or fewer) requests than the default, for exploring: 10 sends ten times as many. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const ONLY = process.env.FUZZ_ONLY;

/**
 * Random requests for one operation, after its sweep: a few for each input it has, so a route
 * with eight query parameters gets more than one with none.
 */
function runsFor(op: Operation, doc: OpenApiDocument): number {
  return Math.round(SCALE * Math.min(5 + 2 * inputCount(op, doc), 40));
}

/** A route's own seed, so adding a route does not change the inputs of the others. */
function seedFor(key: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The request's init. Every request carries the local mailbox's token (other routes ignore it), so
 * the mailbox routes are fuzzed past their token check.
 */
function init(
  body: FuzzBody | null,
  cookie: string | undefined,
  method: string,
  mailboxToken: string | undefined,
): Parameters<TestServer['request']>[1] {
  const tokenHeader: Record<string, string> = mailboxToken ? { [MAILBOX_TOKEN_HEADER]: mailboxToken } : {};
  const base = { method, headers: tokenHeader, ...(cookie ? { cookie } : {}) };
  if (!body) return base;
  if (body.kind === 'json') return body.value === undefined ? base : { ...base, json: body.value };
  if (body.kind === 'text')
    return { ...base, headers: { ...tokenHeader, 'content-type': body.contentType }, body: body.text };
  const form = new FormData();
  for (const [name, value] of body.fields)
    form.append(
      name,
      typeof value === 'string'
        ? value
        : new File([value.bytes as Uint8Array<ArrayBuffer>], value.name, { type: value.type }),
    );
  return { ...base, body: form };
}

describe.each(testDatabaseKinds())('every operation in /api/openapi.json, fuzzed, on %s', (kind) => {
  let server: TestServer;
  let fixtures: FuzzFixtures;
  let doc: OpenApiDocument;
  let tables: string[];

  beforeAll(async () => {
    server = await createTestServer(kind);
    fixtures = await createFuzzFixtures(server);
    doc = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
    tables = await fingerprintedTables(server.deps.database);
  });
  afterAll(async () => {
    await server?.close();
  });

  const callerOf = (op: Operation, request: FuzzRequest) =>
    op.access === 'admin' ? fixtures.admin : op.access === 'user' || request.signedIn ? fixtures.subscriber : undefined;

  it('answers every generated request below 500, and a refused one writes nothing', async () => {
    const operations = operationsOf(doc).filter((op) => !ONLY || `${op.method} ${op.path}`.includes(ONLY));
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 50);
    const created = new CreatedRows();
    const fingerprint = cachedFingerprint(server.deps.database, tables);
    const failures: string[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const realValues = created.addedTo(await fixtures.ensure());
      let before = await fingerprint();
      const property = fc.asyncProperty(requestArbitrary(op, doc, realValues), async (request) => {
        const res = await server.request(
          request.url,
          init(request.body, callerOf(op, request)?.cookie, op.method, server.deps.mailbox?.token),
        );
        const text = await res.text();
        if (res.status >= 500)
          throw new Error(`${op.method} ${request.url} answered ${res.status}: ${text.slice(0, 300)}`);
        // A job the request enqueued after its answer is its own write, not the next request's.
        await server.deps.jobs.enqueued();
        const after = await fingerprint();
        if (res.status >= 400 && after !== before)
          throw new Error(
            `${op.method} ${request.url} answered ${res.status} but wrote: ${describeChange(before, after)}`,
          );
        before = after;
        if (res.status < 300) created.collect(op, text);
        // A fuzzed request may have signed the caller out (inactivity sign-out takes no input).
        if (res.status === 401 && op.access !== 'public') {
          await fixtures.renew(op.access === 'admin' ? 'admin' : 'subscriber');
          before = await fingerprint();
        }
      });
      const sweep = sweepRequests(op, doc, realValues).map((request) => [request] as [FuzzRequest]);
      const result = await fc.check(property, {
        seed: seedFor(key),
        examples: sweep,
        numRuns: sweep.length + runsFor(op, doc),
      });
      // Shortened: a counterexample may carry 10,000 characters of text or a body nested 50,000 deep.
      if (result.failed)
        failures.push(
          `${key}: ${String(result.errorInstance)}\n${(fc.defaultReportMessage(result) ?? '').slice(0, 2_000)}`,
        );
    }
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 300_000);
});

function describeChange(before: string, after: string): string {
  const was = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((part) => !was.has(part))
    .join(', ');
}

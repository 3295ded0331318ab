import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogleSheets, startFakeGoogleSheets } from '../../test/fake-google-sheets.ts';
import {
  type Diagnostic,
  type GoogleSheetsConfig,
  GoogleSheetsError,
  type GoogleSheetsSource,
  googleSheetsDiagnostics,
  googleSheetsSourceFrom,
} from './google-sheets.ts';

const HEADERS = ['Brand', 'Banking group', 'FRN'];
const TABS = {
  Banks: [HEADERS, ['Barclays', 'Barclays Bank UK', '759676'], ['Monzo', 'Monzo Bank', '730427']],
  ISAs: [
    ['Platform', 'Group'],
    ['Hargreaves Lansdown', 'HL'],
  ],
  Pensions: [
    ['Provider', 'Scheme'],
    ['Aviva', 'Aviva Life & Pensions'],
  ],
  Notes: [['free text']],
};

let fake: FakeGoogleSheets;
/** Every message and detail shown in these tests: none may carry the key or a token. */
const shown: string[] = [];

function show<T extends Diagnostic>(diagnostic: T): T {
  shown.push(diagnostic.message, JSON.stringify(diagnostic.details ?? {}));
  return diagnostic;
}

async function failureOf(promise: Promise<unknown>): Promise<GoogleSheetsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleSheetsError);
  const failure = error as GoogleSheetsError;
  shown.push(failure.message, String(failure.stack));
  return failure;
}

function sourceFor(config: GoogleSheetsConfig): GoogleSheetsSource {
  const result = googleSheetsSourceFrom(config);
  if (!result.isConfigured) throw new Error(result.message);
  return result.source;
}

const NOTHING: GoogleSheetsConfig = {
  GOOGLE_SHEETS_SPREADSHEET_ID: undefined,
  GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: undefined,
  GOOGLE_SHEETS_API_BASE: undefined,
  GOOGLE_OAUTH_TOKEN_URL: undefined,
  GOOGLE_SHEETS_TIMEOUT_MS: 20_000,
};

beforeAll(async () => {
  fake = await startFakeGoogleSheets({ tabs: structuredClone(TABS) });
});

afterEach(() => {
  fake.failWith = null;
  fake.delayMs = 0;
  fake.requests.length = 0;
  fake.tabs.clear();
  for (const [title, cells] of Object.entries(structuredClone(TABS))) fake.tabs.set(title, cells);
});

afterAll(async () => {
  await fake.close();
});

describe('reading tabs', () => {
  it('reads Banks, ISAs and Pensions in one batchGet of formatted values by rows', async () => {
    const tabs = await sourceFor(fake.config()).readTabs(['Banks', 'ISAs', 'Pensions']);
    expect(tabs).toEqual([
      { tab: 'Banks', headers: HEADERS, rows: TABS.Banks.slice(1) },
      { tab: 'ISAs', headers: ['Platform', 'Group'], rows: [['Hargreaves Lansdown', 'HL']] },
      { tab: 'Pensions', headers: ['Provider', 'Scheme'], rows: [['Aviva', 'Aviva Life & Pensions']] },
    ]);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe(`/v4/spreadsheets/${fake.spreadsheetId}/values:batchGet`);
    expect(request?.query.getAll('ranges')).toEqual(["'Banks'", "'ISAs'", "'Pensions'"]);
    expect(request?.query.get('valueRenderOption')).toBe('FORMATTED_VALUE');
    expect(request?.query.get('majorDimension')).toBe('ROWS');
  });

  it('pads rows Google shortened to the header’s width, keeping blank rows in place and long rows whole', async () => {
    fake.tabs.set('Banks', [
      HEADERS,
      ['Barclays', '', ''],
      ['', '', ''],
      ['Monzo', 'Monzo Bank', '730427', 'a note past the headers'],
      ['Chase', '', '124579'],
    ]);
    const [banks] = await sourceFor(fake.config()).readTabs(['Banks']);
    expect(banks?.rows).toEqual([
      ['Barclays', '', ''],
      ['', '', ''],
      ['Monzo', 'Monzo Bank', '730427', 'a note past the headers'],
      ['Chase', '', '124579'],
    ]);
  });

  it('gives an empty tab as no headers and no rows', async () => {
    fake.tabs.set('ISAs', []);
    expect(await sourceFor(fake.config()).readTabs(['ISAs'])).toEqual([{ tab: 'ISAs', headers: [], rows: [] }]);
  });

  it('says to try again later when Google answers 500, after one retry', async () => {
    fake.failWith = 500;
    const failure = await failureOf(sourceFor(fake.config()).readTabs(['Banks']));
    expect(failure).toMatchObject({ reason: 'unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(failure.message).toBe('Google Sheets answered HTTP 500: try again later.');
    expect(fake.requests).toHaveLength(2);
  });

  it('says to try again in a minute on a 429, without retrying', async () => {
    fake.failWith = 429;
    const failure = await failureOf(sourceFor(fake.config()).readTabs(['Banks']));
    expect(failure).toMatchObject({ reason: 'rate-limited', retryAfterSeconds: 60 });
    expect(failure.message).toMatch(/HTTP 429\): try again in a minute/);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a slow answer after the configured time, abandoning the request', async () => {
    fake.delayMs = 3000;
    const source = sourceFor(fake.config({ GOOGLE_SHEETS_TIMEOUT_MS: 300 }));
    const startedAt = performance.now();
    const failure = await failureOf(source.readTabs(['Banks', 'ISAs', 'Pensions']));
    expect(performance.now() - startedAt).toBeLessThan(1500);
    expect(failure.reason).toBe('timeout');
    expect(failure.message).toBe(
      'Google did not answer within 0.3 s (GOOGLE_SHEETS_TIMEOUT_MS): try again later; the request was abandoned and nothing was changed.',
    );
    await expect.poll(() => fake.requests[0]?.isAbandoned, { timeout: 1000 }).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('asks for the sheet to be shared with the service account on a 403', async () => {
    fake.failWith = 403;
    const failure = await failureOf(sourceFor(fake.config()).readTabs(['Banks']));
    expect(failure.reason).toBe('no-access');
    expect(failure.message).toBe(
      `The service account cannot open this spreadsheet: share it with ${fake.key.client_email} (Viewer is enough), then try again.`,
    );
  });

  it('names the missing tab when the spreadsheet lacks one', async () => {
    fake.tabs.delete('Pensions');
    const failure = await failureOf(sourceFor(fake.config()).readTabs(['Banks', 'ISAs', 'Pensions']));
    expect(failure).toMatchObject({ reason: 'tab-not-found', tab: 'Pensions', code: 'BAD_REQUEST' });
    expect(failure.message).toBe(
      'The spreadsheet has no tab named Pensions (Tab not found or not accessible): add it, or rename the tab to exactly Pensions.',
    );
  });

  it('says which id Google did not find on a 404', async () => {
    const failure = await failureOf(
      sourceFor(fake.config({ GOOGLE_SHEETS_SPREADSHEET_ID: 'noSuchSheet0123456789' })).readTabs(['Banks']),
    );
    expect(failure.reason).toBe('spreadsheet-not-found');
    expect(failure.message).toMatch(
      /^Google found no spreadsheet with the id noSuchSheet0123456789: check GOOGLE_SHEETS_SPREADSHEET_ID/,
    );
    expect(failure.message).toContain(`share it with ${fake.key.client_email}`);
  });

  it('says Google refused the key when the token endpoint does not accept its signature', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const key = { ...fake.key, private_key: other.export({ type: 'pkcs8', format: 'pem' }).toString() };
    const failure = await failureOf(
      sourceFor(fake.config({ GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(key) })).readTabs(['Banks']),
    );
    expect(failure.reason).toBe('auth-refused');
    expect(failure.message).toMatch(
      /^Google refused the service account key \(Google said: invalid_grant: Invalid JWT Signature\.\)/,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('without configuration', () => {
  it('names exactly the variables to set, and every diagnostic says so', async () => {
    const result = googleSheetsSourceFrom(NOTHING);
    expect(result).toMatchObject({
      isConfigured: false,
      missing: ['GOOGLE_SHEETS_SPREADSHEET_ID', 'GOOGLE_SERVICE_ACCOUNT_KEY (or GOOGLE_SERVICE_ACCOUNT_KEY_FILE)'],
      message:
        'Google Sheets is not configured: set GOOGLE_SHEETS_SPREADSHEET_ID and GOOGLE_SERVICE_ACCOUNT_KEY (or GOOGLE_SERVICE_ACCOUNT_KEY_FILE) on the server (README, "Banking data from a Google Sheet").',
    });
    if (result.isConfigured) return;
    const health = show(await result.diagnostics.health());
    expect(health).toMatchObject({
      ok: false,
      message: result.message,
      details: { spreadsheetId: null, keyFrom: null },
    });
    expect(show(await result.diagnostics.verifySecrets())).toMatchObject({ ok: false, message: /not configured/ });
    expect(show(await result.diagnostics.testGoogleApi())).toMatchObject({ ok: false, message: result.message });
  });

  it('names only what is missing when part is set', () => {
    const onlyId = googleSheetsSourceFrom({ ...NOTHING, GOOGLE_SHEETS_SPREADSHEET_ID: 'abcdefghij0123' });
    expect(onlyId).toMatchObject({
      isConfigured: false,
      missing: ['GOOGLE_SERVICE_ACCOUNT_KEY (or GOOGLE_SERVICE_ACCOUNT_KEY_FILE)'],
    });
    const onlyKey = googleSheetsSourceFrom({ ...NOTHING, GOOGLE_SERVICE_ACCOUNT_KEY_FILE: 'key.json' });
    expect(onlyKey).toMatchObject({ isConfigured: false, missing: ['GOOGLE_SHEETS_SPREADSHEET_ID'] });
  });
});

describe('Health', () => {
  it('reports what is configured, and that Google’s addresses are overridden', async () => {
    const health = show(await googleSheetsDiagnostics(fake.config()).health());
    expect(health.ok).toBe(true);
    expect(health.message).toMatch(
      /^Google Sheets is configured: spreadsheet \w+, key from GOOGLE_SERVICE_ACCOUNT_KEY \(Google’s addresses overridden/,
    );
    expect(health.details).toMatchObject({
      keyFrom: 'GOOGLE_SERVICE_ACCOUNT_KEY',
      apiBase: fake.url,
      tokenUrl: fake.tokenUrl,
    });
  });

  it('fails when the key file cannot be read', async () => {
    const config = fake.config({
      GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
      GOOGLE_SERVICE_ACCOUNT_KEY_FILE: 'no-such-key.json',
    });
    const health = show(await googleSheetsDiagnostics(config).health());
    expect(health).toMatchObject({
      ok: false,
      details: { keyFrom: 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE', keyFileReadable: false },
    });
    expect(health.message).toMatch(
      /^The key file in GOOGLE_SERVICE_ACCOUNT_KEY_FILE \(no-such-key\.json\) cannot be read \(ENOENT\)/,
    );
  });
});

describe('Verify Secrets (no network)', () => {
  const verify = (key: string, extra: Partial<GoogleSheetsConfig> = {}) =>
    googleSheetsDiagnostics({ ...NOTHING, GOOGLE_SERVICE_ACCOUNT_KEY: key, ...extra })
      .verifySecrets()
      .then(show);

  it('accepts a good key and names the address to share the sheet with', async () => {
    const tokenRequestsBefore = fake.tokenRequests;
    const result = await verify(JSON.stringify(fake.key));
    expect(result).toEqual({
      ok: true,
      message: `The key in GOOGLE_SERVICE_ACCOUNT_KEY is a service account key for ${fake.key.client_email} and its private key signs. Share the sheet with that address (Viewer is enough).`,
      details: {
        keyFrom: 'GOOGLE_SERVICE_ACCOUNT_KEY',
        clientEmail: fake.key.client_email,
        projectId: 'savvypig-test',
        privateKeyId: fake.key.private_key_id,
        hasRepairedLineBreaks: false,
      },
    });
    expect([fake.tokenRequests, fake.requests.length]).toEqual([tokenRequestsBefore, 0]);
  });

  it('accepts the key as base64, from a file, and with its line breaks pasted as \\n', async () => {
    expect((await verify(Buffer.from(JSON.stringify(fake.key)).toString('base64'))).ok).toBe(true);
    const escaped = JSON.stringify({ ...fake.key, private_key: fake.key.private_key.replaceAll('\n', '\\n') });
    expect(await verify(escaped)).toMatchObject({ ok: true, details: { hasRepairedLineBreaks: true } });
    const folder = await mkdtemp(join(tmpdir(), 'savvypig-sheets-'));
    try {
      await writeFile(join(folder, 'key.json'), JSON.stringify(fake.key));
      const fromFile = await verify('', {
        GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
        GOOGLE_SERVICE_ACCOUNT_KEY_FILE: join(folder, 'key.json'),
      });
      expect(fromFile).toMatchObject({ ok: true, details: { keyFrom: 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE' } });
    } finally {
      await rm(folder, { recursive: true });
    }
  });

  it('refuses malformed JSON without quoting it', async () => {
    const broken = JSON.stringify(fake.key).slice(0, -40);
    expect(await verify(broken)).toEqual({
      ok: false,
      message:
        'GOOGLE_SERVICE_ACCOUNT_KEY is not valid JSON: give the whole key file Google made for the service account (JSON, starting with {"type": "service_account").',
      details: { keyFrom: 'GOOGLE_SERVICE_ACCOUNT_KEY' },
    });
  });

  it('refuses a key without private_key, one whose PEM is damaged, and another kind of credential', async () => {
    const { private_key: _, ...withoutKey } = fake.key;
    expect(await verify(JSON.stringify(withoutKey))).toMatchObject({
      ok: false,
      message:
        'The key in GOOGLE_SERVICE_ACCOUNT_KEY has no private_key: give the whole key file Google made for the service account.',
    });
    const damaged = { ...fake.key, private_key: fake.key.private_key.replace(/\n[A-Za-z0-9+/]{10}/, '\n') };
    expect(await verify(JSON.stringify(damaged))).toMatchObject({
      ok: false,
      message: /^The private_key in GOOGLE_SERVICE_ACCOUNT_KEY is not a usable private key/,
    });
    expect(await verify(JSON.stringify({ type: 'authorized_user', client_id: 'x', refresh_token: 'y' }))).toMatchObject(
      {
        ok: false,
        message: /holds a credential of type “authorized_user”, not a service account key/,
      },
    );
  });
});

describe('Test Google API', () => {
  it('gets a token and reads the spreadsheet’s title and tabs', async () => {
    const result = show(await googleSheetsDiagnostics(fake.config()).testGoogleApi());
    expect(result).toEqual({
      ok: true,
      message: 'Google answered: the service account reads “SavvyPig banking data”, with tabs Banks, ISAs, Pensions.',
      details: {
        spreadsheetId: fake.spreadsheetId,
        title: 'SavvyPig banking data',
        tabs: ['Banks', 'ISAs', 'Pensions', 'Notes'],
        missingTabs: [],
        clientEmail: fake.key.client_email,
      },
    });
    expect(fake.requests.map((r) => [r.path, r.query.get('fields')])).toEqual([
      [`/v4/spreadsheets/${fake.spreadsheetId}`, 'properties.title,sheets.properties.title'],
    ]);
  });

  it('reports the tabs among Banks, ISAs and Pensions that the spreadsheet lacks', async () => {
    fake.tabs.delete('ISAs');
    fake.tabs.delete('Pensions');
    const result = show(await googleSheetsDiagnostics(fake.config()).testGoogleApi());
    expect(result).toMatchObject({
      ok: false,
      message:
        'Google answered and the service account can open “SavvyPig banking data”, but it has no tab named ISAs, Pensions (Tab not found or not accessible). Its tabs: Banks, Notes.',
      details: { missingTabs: ['ISAs', 'Pensions'] },
    });
  });

  it('reports a failure in the same words as a read', async () => {
    fake.failWith = 403;
    const result = show(await googleSheetsDiagnostics(fake.config()).testGoogleApi());
    expect(result).toMatchObject({ ok: false, details: { reason: 'no-access' } });
    expect(result.message).toContain(`share it with ${fake.key.client_email}`);
  });
});

// Runs last (a file's tests run in order): it looks through everything the tests above were shown.
describe('every message, detail and stack above', () => {
  it('carries no line of the private key and no access token', () => {
    const pemLines = fake.key.private_key.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----'));
    const secrets = [...pemLines, ...fake.issuedTokens, '-----BEGIN PRIVATE KEY-----\nMII'];
    expect(fake.issuedTokens.size).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(20);
    for (const text of shown) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

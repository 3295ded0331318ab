/**
 * A local HTTP server speaking the parts of Google's APIs the banking data importer's Sheets source
 * uses, so the official client runs against it (GOOGLE_SHEETS_API_BASE, GOOGLE_OAUTH_TOKEN_URL):
 *
 * - `POST /token`: OAuth 2.0's JWT bearer grant. It checks the assertion as Google does: signed RS256
 *   by the service account's key (a pair made here for each server, so no private key is committed),
 *   issued by its client_email, for Google's token URL, asking for a Sheets scope, not expired.
 * - `GET /v4/spreadsheets/{id}/values:batchGet` and `GET /v4/spreadsheets/{id}`: answered only with a
 *   token it issued, shaped like Google's answers (trailing empty cells and rows left out; a range
 *   naming a tab the spreadsheet lacks is a 400 "Unable to parse range", an unknown id a 404).
 *
 * Switches make the Sheets endpoints fail (`failWith`) or answer late (`delayMs`); each request is
 * recorded, with whether the client gave up on it before the answer.
 */
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GoogleSheetsConfig } from '../reference/import/google-sheets.ts';

/** The audience Google's client signs its assertions for (and the real endpoint insists on). */
export const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const SHEETS_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];

export type FakeSheetsRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The client closed the connection before this server answered. */
  isAbandoned: boolean;
};

/** The shape of a key file Google gives for a service account. */
export type ServiceAccountKeyFile = {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
};

export type FakeGoogleSheets = {
  /** The API root, ending in `/`. */
  url: string;
  tokenUrl: string;
  spreadsheetId: string;
  title: string;
  /** Tab title → its cells, row by row. */
  tabs: Map<string, string[][]>;
  key: ServiceAccountKeyFile;
  /** Every Sheets API request (not token requests), in order. */
  requests: FakeSheetsRequest[];
  tokenRequests: number;
  /** Access tokens handed out, so a test can look for them where they must not be. */
  issuedTokens: Set<string>;
  /** Answer every Sheets API request with this status and Google's body for it; null answers normally. */
  failWith: 403 | 404 | 429 | 500 | 503 | null;
  /** Wait this long before answering a Sheets API request. */
  delayMs: number;
  /** The configuration the source reads, with the key inline, pointing at this server. */
  config(overrides?: Partial<GoogleSheetsConfig>): GoogleSheetsConfig;
  close(): Promise<void>;
};

type GoogleStatus = 'INVALID_ARGUMENT' | 'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'NOT_FOUND' | 'RESOURCE_EXHAUSTED';
const FAILURES: Record<NonNullable<FakeGoogleSheets['failWith']>, { status: string; message: string }> = {
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: {
    status: 'RESOURCE_EXHAUSTED',
    message: "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user'",
  },
  500: { status: 'INTERNAL', message: 'Internal error encountered.' },
  503: { status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
};

export async function startFakeGoogleSheets(
  options: { tabs?: Record<string, string[][]>; title?: string } = {},
): Promise<FakeGoogleSheets> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tabs = new Map(Object.entries(options.tabs ?? {}));
  const spreadsheetId = `fake${randomBytes(12).toString('hex')}`;
  let server: http.Server;

  const fake: FakeGoogleSheets = {
    url: '',
    tokenUrl: '',
    spreadsheetId,
    title: options.title ?? 'SavvyPig banking data',
    tabs,
    key: {
      type: 'service_account',
      project_id: 'savvypig-test',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'importer@savvypig-test.iam.gserviceaccount.com',
      client_id: '100000000000000000001',
      token_uri: GOOGLE_TOKEN_AUDIENCE,
    },
    requests: [],
    tokenRequests: 0,
    issuedTokens: new Set(),
    failWith: null,
    delayMs: 0,
    config: (overrides = {}) => ({
      GOOGLE_SHEETS_SPREADSHEET_ID: spreadsheetId,
      GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(fake.key),
      GOOGLE_SERVICE_ACCOUNT_KEY_FILE: undefined,
      GOOGLE_SHEETS_API_BASE: fake.url,
      GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
      GOOGLE_SHEETS_TIMEOUT_MS: 5000,
      ...overrides,
    }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/token') {
      fake.tokenRequests += 1;
      readBody(req)
        .then((body) => answerToken(fake, publicKey, body, res))
        .catch((error: unknown) => sendJson(res, 500, { error: 'internal_failure', error_description: String(error) }));
      return;
    }
    const recorded: FakeSheetsRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      isAbandoned: false,
    };
    fake.requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.isAbandoned = true;
    });
    const answer = () => {
      if (res.destroyed) return;
      answerSheets(fake, req, url, res);
    };
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/`;
  fake.tokenUrl = `http://127.0.0.1:${port}/token`;
  return fake;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function googleError(res: http.ServerResponse, code: number, status: GoogleStatus | string, message: string) {
  sendJson(res, code, { error: { code, message, status } });
}

/** RFC 7523 as Google applies it: the token endpoint's errors are `{ error, error_description }`. */
function answerToken(fake: FakeGoogleSheets, publicKey: KeyObject, body: string, res: http.ServerResponse) {
  const form = new URLSearchParams(body);
  const refuse = (error: string, description: string) => sendJson(res, 400, { error, error_description: description });
  if (form.get('grant_type') !== JWT_BEARER_GRANT) return refuse('unsupported_grant_type', 'Invalid grant_type.');
  const parts = (form.get('assertion') ?? '').split('.');
  if (parts.length !== 3) return refuse('invalid_request', 'Invalid JWT.');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return refuse('invalid_request', 'Invalid JWT.');
  }
  if (header.alg !== 'RS256') return refuse('invalid_grant', 'Invalid JWT Signature.');
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  const isSigned = verify('RSA-SHA256', signed, publicKey, Buffer.from(signaturePart, 'base64url'));
  if (!isSigned) return refuse('invalid_grant', 'Invalid JWT Signature.');
  if (claims.iss !== fake.key.client_email) return refuse('invalid_grant', 'Invalid JWT Signature.');
  if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) return refuse('invalid_grant', 'Invalid JWT: audience.');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const { iat, exp } = claims;
  if (
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    iat > nowSeconds + 60 ||
    exp <= nowSeconds ||
    exp - iat > 3600
  )
    return refuse(
      'invalid_grant',
      'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
    );
  const scopes = (claims.scope ?? '').split(' ');
  if (!scopes.some((scope) => SHEETS_SCOPES.includes(scope)))
    return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
  const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
  fake.issuedTokens.add(accessToken);
  sendJson(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
}

function answerSheets(fake: FakeGoogleSheets, req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token || !fake.issuedTokens.has(token))
    return googleError(
      res,
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  if (fake.failWith !== null) {
    const failure = FAILURES[fake.failWith];
    return googleError(res, fake.failWith, failure.status, failure.message);
  }
  const match = /^\/v4\/spreadsheets\/([^/:]+)(\/values:batchGet)?$/.exec(url.pathname);
  if (req.method !== 'GET' || !match) return googleError(res, 404, 'NOT_FOUND', 'Not Found');
  if (decodeURIComponent(match[1] ?? '') !== fake.spreadsheetId)
    return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
  if (match[2]) return answerBatchGet(fake, url, res);
  sendJson(res, 200, {
    spreadsheetId: fake.spreadsheetId,
    properties: { title: fake.title },
    sheets: [...fake.tabs.keys()].map((title, index) => ({ properties: { sheetId: index, title, index } })),
  });
}

function answerBatchGet(fake: FakeGoogleSheets, url: URL, res: http.ServerResponse) {
  const ranges = url.searchParams.getAll('ranges');
  const valueRanges = [];
  for (const range of ranges) {
    // Only whole-tab ranges, the form the source asks for: `Banks` or `'Banks'` ('' inside quotes is ').
    const title = /^'(.*)'$/s.exec(range)?.[1]?.replaceAll("''", "'") ?? range;
    const cells = fake.tabs.get(title);
    if (!cells || range.includes('!'))
      return googleError(res, 400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`);
    // Google leaves out trailing empty cells of each row and trailing empty rows.
    const values = cells.map((row) => row.slice(0, row.findLastIndex((cell) => cell !== '') + 1));
    while (values.length > 0 && values.at(-1)?.length === 0) values.pop();
    const width = Math.max(1, ...values.map((row) => row.length));
    const item: { range: string; majorDimension: string; values?: string[][] } = {
      range: `'${title.replaceAll("'", "''")}'!A1:${columnName(width)}${Math.max(1, values.length)}`,
      majorDimension: url.searchParams.get('majorDimension') ?? 'ROWS',
    };
    if (values.length > 0) item.values = values;
    valueRanges.push(item);
  }
  sendJson(res, 200, { spreadsheetId: fake.spreadsheetId, valueRanges });
}

function columnName(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

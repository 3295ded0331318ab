/**
 * The banking data importer's Google Sheets source (issue 27, docs/decisions/0050): the Banks, ISAs
 * and Pensions tabs of one spreadsheet, read by a service account through the official client, and
 * the Sheets panel's diagnostics (Health, Verify Secrets, Test Google API).
 *
 * Every message here is for the admin who has to act on it: it names the variable to set, the
 * address to share the sheet with or the tab to add. None carries the key, nor an access token.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { sheets_v4 } from '@googleapis/sheets';
import type { ImportTab, RawTab } from '../../../core/reference-data/import/contract.ts';
import { IMPORT_TABS } from '../../../core/reference-data/import/contract.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/** Read only: the importer never writes to the sheet. */
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
/** Where the client sends its signed assertion; GOOGLE_OAUTH_TOKEN_URL (tests) moves it. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** One retry for a 5xx, after this pause; a 429 is not retried (the quota is per minute). */
const RETRY_DELAY_MS = 200;

export type GoogleSheetsConfig = Pick<
  Config,
  | 'GOOGLE_SHEETS_SPREADSHEET_ID'
  | 'GOOGLE_SERVICE_ACCOUNT_KEY'
  | 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE'
  | 'GOOGLE_SHEETS_API_BASE'
  | 'GOOGLE_OAUTH_TOKEN_URL'
  | 'GOOGLE_SHEETS_TIMEOUT_MS'
>;

/** What a diagnostics button shows: whether it passed, a sentence, and the facts behind it. */
export type Diagnostic<Details = Record<string, unknown>> = { ok: boolean; message: string; details?: Details };

export type GoogleSheetsDiagnostics = {
  /** Which parts of the configuration are present (no key parsing, no network). */
  health(): Promise<Diagnostic>;
  /** The key parses, names its service account and holds a private key that signs (no network). */
  verifySecrets(): Promise<Diagnostic>;
  /** A token from Google and the spreadsheet's title and tabs, with any of Banks, ISAs, Pensions missing. */
  testGoogleApi(): Promise<Diagnostic>;
};

export type GoogleSheetsSource = GoogleSheetsDiagnostics & {
  spreadsheetId: string;
  /** The tabs' cells as text, in the order asked, from one batchGet; rows padded to the header's length. */
  readTabs(tabs: readonly ImportTab[]): Promise<RawTab[]>;
};

export type GoogleSheetsSourceResult =
  | { isConfigured: true; source: GoogleSheetsSource }
  | {
      isConfigured: false;
      /** What the Sheets panel shows instead of reading. */
      message: string;
      /** The variables to set, e.g. `GOOGLE_SERVICE_ACCOUNT_KEY (or GOOGLE_SERVICE_ACCOUNT_KEY_FILE)`. */
      missing: string[];
      diagnostics: GoogleSheetsDiagnostics;
    };

export type GoogleSheetsFailure =
  | 'not-configured'
  | 'key-invalid'
  | 'auth-refused'
  | 'no-access'
  | 'api-disabled'
  | 'spreadsheet-not-found'
  | 'tab-not-found'
  | 'rate-limited'
  | 'unavailable'
  | 'timeout'
  | 'unreachable'
  | 'unexpected';

/** A read that failed; `reason` says which way, `tab` which tab when one is to blame. */
export class GoogleSheetsError extends AppError {
  readonly reason: GoogleSheetsFailure;
  readonly tab?: ImportTab;
  constructor(
    reason: GoogleSheetsFailure,
    message: string,
    options: { tab?: ImportTab; retryAfterSeconds?: number } = {},
  ) {
    super(reason === 'tab-not-found' ? 'BAD_REQUEST' : 'SERVICE_UNAVAILABLE', message, undefined, {
      retryAfterSeconds: options.retryAfterSeconds,
    });
    this.name = 'GoogleSheetsError';
    this.reason = reason;
    this.tab = options.tab;
  }
}

type ServiceAccountKey = { clientEmail: string; privateKey: string; privateKeyId?: string; projectId?: string };
type KeyOutcome =
  | { ok: true; key: ServiceAccountKey; variable: string; hasRepairedLineBreaks: boolean }
  | { ok: false; message: string; variable: string | null };

const KEY_VARIABLES = 'GOOGLE_SERVICE_ACCOUNT_KEY (or GOOGLE_SERVICE_ACCOUNT_KEY_FILE)';

function missingVariables(config: GoogleSheetsConfig): string[] {
  return [
    ...(config.GOOGLE_SHEETS_SPREADSHEET_ID ? [] : ['GOOGLE_SHEETS_SPREADSHEET_ID']),
    ...(config.GOOGLE_SERVICE_ACCOUNT_KEY || config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE ? [] : [KEY_VARIABLES]),
  ];
}

function notConfiguredMessage(missing: string[]): string {
  return `Google Sheets is not configured: set ${missing.join(' and ')} on the server (README, "Banking data from a Google Sheet").`;
}

/** The source when the spreadsheet and a key are configured; otherwise what to set, and diagnostics that say so. */
export function googleSheetsSourceFrom(config: GoogleSheetsConfig): GoogleSheetsSourceResult {
  const missing = missingVariables(config);
  // One client for the reads and Test Google API, so they share its token.
  const client = lazyClient(config);
  const diagnostics = diagnosticsWith(config, client);
  if (missing.length > 0 || !config.GOOGLE_SHEETS_SPREADSHEET_ID)
    return { isConfigured: false, message: notConfiguredMessage(missing), missing, diagnostics };
  const spreadsheetId = config.GOOGLE_SHEETS_SPREADSHEET_ID;
  return {
    isConfigured: true,
    source: {
      ...diagnostics,
      spreadsheetId,
      readTabs: (tabs) => readTabs(config, spreadsheetId, client, tabs),
    },
  };
}

/** Health, Verify Secrets and Test Google API for whatever is configured, complete or not. */
export function googleSheetsDiagnostics(config: GoogleSheetsConfig): GoogleSheetsDiagnostics {
  return diagnosticsWith(config, lazyClient(config));
}

function diagnosticsWith(config: GoogleSheetsConfig, client: LazyClient): GoogleSheetsDiagnostics {
  return {
    health: () => health(config),
    verifySecrets: () => verifySecrets(config),
    testGoogleApi: () => testGoogleApi(config, client),
  };
}

async function health(config: GoogleSheetsConfig): Promise<Diagnostic> {
  const keyVariable = config.GOOGLE_SERVICE_ACCOUNT_KEY
    ? 'GOOGLE_SERVICE_ACCOUNT_KEY'
    : config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE
      ? 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE'
      : null;
  const details: Record<string, unknown> = {
    spreadsheetId: config.GOOGLE_SHEETS_SPREADSHEET_ID ?? null,
    keyFrom: keyVariable,
    timeoutMs: config.GOOGLE_SHEETS_TIMEOUT_MS,
    // Set only by tests; shown so a server left pointing at a fake says so.
    apiBase: config.GOOGLE_SHEETS_API_BASE ?? 'Google',
    tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL ?? 'Google',
  };
  const missing = missingVariables(config);
  if (missing.length > 0) return { ok: false, message: notConfiguredMessage(missing), details };
  if (keyVariable === 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE') {
    const file = await readKeyFile(config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE!);
    details.keyFileReadable = file.ok;
    if (!file.ok) return { ok: false, message: file.message, details };
  }
  const overridden = config.GOOGLE_SHEETS_API_BASE || config.GOOGLE_OAUTH_TOKEN_URL;
  return {
    ok: true,
    message: `Google Sheets is configured: spreadsheet ${config.GOOGLE_SHEETS_SPREADSHEET_ID}, key from ${keyVariable}${
      overridden
        ? ' (Google’s addresses overridden by GOOGLE_SHEETS_API_BASE or GOOGLE_OAUTH_TOKEN_URL: tests only)'
        : ''
    }. Verify Secrets checks the key; Test Google API reads the sheet.`,
    details,
  };
}

async function verifySecrets(config: GoogleSheetsConfig): Promise<Diagnostic> {
  const outcome = await loadKey(config);
  if (!outcome.ok) return { ok: false, message: outcome.message, details: { keyFrom: outcome.variable } };
  const { key } = outcome;
  return {
    ok: true,
    message: `The key in ${outcome.variable} is a service account key for ${key.clientEmail} and its private key signs. Share the sheet with that address (Viewer is enough).`,
    details: {
      keyFrom: outcome.variable,
      clientEmail: key.clientEmail,
      projectId: key.projectId ?? null,
      privateKeyId: key.privateKeyId ?? null,
      // A key pasted with its line breaks as the two characters \n is read as it was meant.
      hasRepairedLineBreaks: outcome.hasRepairedLineBreaks,
    },
  };
}

async function testGoogleApi(config: GoogleSheetsConfig, client: LazyClient): Promise<Diagnostic> {
  const missing = missingVariables(config);
  if (missing.length > 0 || !config.GOOGLE_SHEETS_SPREADSHEET_ID)
    return { ok: false, message: notConfiguredMessage(missing), details: { missing } };
  const spreadsheetId = config.GOOGLE_SHEETS_SPREADSHEET_ID;
  try {
    const { title, tabs, clientEmail } = await withDeadline(config, async (signal) => {
      const { api, key } = await client.ready(signal);
      const response = await api.spreadsheets.get(
        { spreadsheetId, fields: 'properties.title,sheets.properties.title' },
        { signal, retryConfig: retryConfig() },
      );
      return {
        title: response.data.properties?.title ?? '',
        tabs: (response.data.sheets ?? []).map((sheet) => sheet.properties?.title ?? ''),
        clientEmail: key.clientEmail,
      };
    });
    const missingTabs = IMPORT_TABS.filter((tab) => !tabs.includes(tab));
    const details = { spreadsheetId, title, tabs, missingTabs, clientEmail };
    if (missingTabs.length > 0)
      return {
        ok: false,
        message: `Google answered and the service account can open “${title}”, but it has no tab named ${missingTabs.join(', ')} (Tab not found or not accessible). Its tabs: ${tabs.join(', ') || 'none'}.`,
        details,
      };
    return {
      ok: true,
      message: `Google answered: the service account reads “${title}”, with tabs ${IMPORT_TABS.join(', ')}.`,
      details,
    };
  } catch (error) {
    const failure = asGoogleSheetsError(error, {
      spreadsheetId,
      clientEmail: await client.clientEmail(),
      tabs: [],
      timeoutMs: config.GOOGLE_SHEETS_TIMEOUT_MS,
    });
    return { ok: false, message: failure.message, details: { spreadsheetId, reason: failure.reason } };
  }
}

async function readTabs(
  config: GoogleSheetsConfig,
  spreadsheetId: string,
  client: LazyClient,
  tabs: readonly ImportTab[],
): Promise<RawTab[]> {
  if (tabs.length === 0) return [];
  let valueRanges: sheets_v4.Schema$ValueRange[];
  try {
    valueRanges = await withDeadline(config, async (signal) => {
      const { api } = await client.ready(signal);
      const response = await api.spreadsheets.values.batchGet(
        {
          spreadsheetId,
          // A whole tab by its quoted title (quotes doubled inside), so any title reads as one.
          ranges: tabs.map((tab) => `'${tab.replaceAll("'", "''")}'`),
          valueRenderOption: 'FORMATTED_VALUE',
          majorDimension: 'ROWS',
        },
        { signal, retryConfig: retryConfig() },
      );
      return response.data.valueRanges ?? [];
    });
  } catch (error) {
    throw asGoogleSheetsError(error, {
      spreadsheetId,
      clientEmail: await client.clientEmail(),
      tabs,
      timeoutMs: config.GOOGLE_SHEETS_TIMEOUT_MS,
    });
  }
  if (valueRanges.length !== tabs.length)
    throw new GoogleSheetsError(
      'unexpected',
      `Google Sheets answered ${valueRanges.length} ranges for ${tabs.length} tabs: try again, and report it if it happens again.`,
    );
  return tabs.map((tab, index) => rawTab(tab, valueRanges[index]?.values ?? []));
}

/** Google leaves out trailing empty cells: every row gets the header's width (a longer row keeps its cells). */
function rawTab(tab: ImportTab, values: unknown[][]): RawTab {
  const [headerRow = [], ...rest] = values;
  const headers = headerRow.map(cellText);
  const rows = rest.map((row) => {
    const cells = row.map(cellText);
    while (cells.length < headers.length) cells.push('');
    return cells;
  });
  return { tab, headers, rows };
}

function cellText(cell: unknown): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

function retryConfig() {
  return {
    retry: 1,
    retryDelay: RETRY_DELAY_MS,
    noResponseRetries: 0,
    statusCodesToRetry: [[500, 599]],
    httpMethodsToRetry: ['GET'],
  };
}

type LazyClient = ReturnType<typeof lazyClient>;

/** The client, made once the key has been read (a key file is read when first needed). */
function lazyClient(config: GoogleSheetsConfig) {
  let made: ReturnType<typeof makeClient> | undefined;
  let email: string | null = null;
  return {
    ready(signal: AbortSignal) {
      made ??= makeClient(config).then((client) => {
        email = client.key.clientEmail;
        return client;
      });
      // A failed read of the key is not kept: the admin fixes the file and tries again.
      made.catch(() => {
        made = undefined;
      });
      return made.then(async (client) => {
        // A token first (kept by the client until it nears expiry), so its failure is told apart from
        // the read's. Its request cannot take the signal: the deadline's race leaves it behind.
        try {
          await client.jwt.getAccessToken();
        } catch (error) {
          throw new TokenRequestFailed(error);
        }
        signal.throwIfAborted();
        return client;
      });
    },
    async clientEmail(): Promise<string | null> {
      if (email) return email;
      const outcome = await loadKey(config);
      return outcome.ok ? outcome.key.clientEmail : null;
    },
  };
}

async function makeClient(config: GoogleSheetsConfig) {
  const outcome = await loadKey(config);
  if (!outcome.ok) throw new GoogleSheetsError(outcome.variable ? 'key-invalid' : 'not-configured', outcome.message);
  const { key } = outcome;
  // Loaded here, on the first read, rather than at start (~60 ms and ~30 MB a server without the
  // importer in use need not pay).
  const { auth, sheets } = await import('@googleapis/sheets');
  const jwt = new auth.JWT({
    email: key.clientEmail,
    key: key.privateKey,
    keyId: key.privateKeyId,
    scopes: [SHEETS_SCOPE],
    // The token request is abandoned after this too (it cannot take the read's signal).
    transporterOptions: { timeout: config.GOOGLE_SHEETS_TIMEOUT_MS },
  });
  const tokenUrl = config.GOOGLE_OAUTH_TOKEN_URL;
  if (tokenUrl) {
    // The client signs for and posts to Google's token URL whatever the key file's token_uri says;
    // tests move only where the post goes (the assertion's audience stays Google's).
    jwt.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  const api = sheets({ version: 'v4', auth: jwt, rootUrl: config.GOOGLE_SHEETS_API_BASE });
  return { api, jwt, key };
}

class DeadlineExceeded extends Error {}

/** Google's token endpoint refused or failed; `cause` is the client's error. */
class TokenRequestFailed extends Error {
  constructor(cause: unknown) {
    super('token request failed', { cause });
  }
}

/** Runs `run` with a signal that aborts after the configured time, and gives up waiting for it then. */
async function withDeadline<T>(config: GoogleSheetsConfig, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A plain abort (not a TimeoutError): the client then neither retries nor waits.
      controller.abort();
      reject(new DeadlineExceeded());
    }, config.GOOGLE_SHEETS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

type ErrorContext = {
  spreadsheetId: string;
  clientEmail: string | null;
  tabs: readonly ImportTab[];
  timeoutMs: number;
};

/** Google's answer (or silence) as a message an admin can act on; Google's own words are kept where safe. */
function asGoogleSheetsError(error: unknown, context: ErrorContext): GoogleSheetsError {
  if (error instanceof GoogleSheetsError) return error;
  if (error instanceof DeadlineExceeded || isAbort(error))
    return new GoogleSheetsError(
      'timeout',
      `Google did not answer within ${context.timeoutMs / 1000} s (GOOGLE_SHEETS_TIMEOUT_MS): try again later; the request was abandoned and nothing was changed.`,
    );
  const isTokenRequest = error instanceof TokenRequestFailed;
  const failure = (isTokenRequest ? error.cause : error) as {
    status?: number;
    response?: { status?: number; data?: unknown };
    code?: string;
    cause?: { code?: string };
  };
  const status = failure.response?.status ?? failure.status;
  const data = failure.response?.data;
  const share = context.clientEmail
    ? `share it with ${context.clientEmail}`
    : 'share it with the service account’s client_email';
  if (status === undefined) {
    const code = failure.cause?.code ?? failure.code ?? 'no answer';
    return new GoogleSheetsError(
      'unreachable',
      `Could not reach Google (${code}): check that this server can open HTTPS connections to Google, then try again.`,
    );
  }
  if (isTokenRequest) {
    const oauth = data as { error?: unknown; error_description?: unknown } | undefined;
    const said =
      typeof oauth?.error === 'string'
        ? ` (Google said: ${oauth.error}${typeof oauth.error_description === 'string' ? `: ${oauth.error_description}` : ''})`
        : '';
    if (status >= 500 || status === 429)
      return new GoogleSheetsError(
        'unavailable',
        `Google’s sign-in service answered HTTP ${status}: try again later.`,
        {
          retryAfterSeconds: 60,
        },
      );
    return new GoogleSheetsError(
      'auth-refused',
      `Google refused the service account key${said}. The key may have been deleted or disabled, or this server’s clock is wrong: create a new key for the service account, set it in ${KEY_VARIABLES}, and run Verify Secrets.`,
    );
  }
  const google = (data as { error?: { message?: unknown; status?: unknown; details?: unknown } } | undefined)?.error;
  const googleMessage = typeof google?.message === 'string' ? google.message : '';
  if (status === 400 && /Unable to parse range/i.test(googleMessage)) {
    const tab = context.tabs.find((name) => googleMessage.includes(name)) ?? context.tabs[0];
    return new GoogleSheetsError(
      'tab-not-found',
      `The spreadsheet has no tab named ${tab ?? 'as asked'} (Tab not found or not accessible): add it, or rename the tab to exactly ${tab}.`,
      { tab },
    );
  }
  if (status === 401)
    return new GoogleSheetsError(
      'auth-refused',
      `Google did not accept the service account’s access token (HTTP 401): run Verify Secrets, and create a new key if the problem stays.`,
    );
  if (status === 403) {
    if (
      /SERVICE_DISABLED|has not been used|is disabled/i.test(
        `${googleMessage} ${JSON.stringify(google?.details ?? '')}`,
      )
    )
      return new GoogleSheetsError(
        'api-disabled',
        `The Google Sheets API is turned off for the service account’s Google Cloud project: enable it there, wait a few minutes, and try again (Google said: ${googleMessage}).`,
      );
    return new GoogleSheetsError(
      'no-access',
      `The service account cannot open this spreadsheet: ${share} (Viewer is enough), then try again.`,
    );
  }
  if (status === 404)
    return new GoogleSheetsError(
      'spreadsheet-not-found',
      `Google found no spreadsheet with the id ${context.spreadsheetId}: check GOOGLE_SHEETS_SPREADSHEET_ID (the part of the sheet’s address between /d/ and /edit), and ${share}.`,
    );
  if (status === 429)
    return new GoogleSheetsError(
      'rate-limited',
      'Google’s read limit for this service account is used up for the moment (HTTP 429): try again in a minute.',
      { retryAfterSeconds: 60 },
    );
  if (status >= 500)
    return new GoogleSheetsError('unavailable', `Google Sheets answered HTTP ${status}: try again later.`, {
      retryAfterSeconds: 60,
    });
  return new GoogleSheetsError(
    'unexpected',
    `Google Sheets answered HTTP ${status}${googleMessage ? ` (${googleMessage})` : ''}: check the configuration and try again.`,
  );
}

function isAbort(error: unknown): boolean {
  const failure = error as { name?: string; code?: string; cause?: { name?: string } } | null;
  return failure?.name === 'AbortError' || failure?.code === 'AbortError' || failure?.cause?.name === 'AbortError';
}

/** The key from GOOGLE_SERVICE_ACCOUNT_KEY (JSON, or JSON in base64) or the file in GOOGLE_SERVICE_ACCOUNT_KEY_FILE. */
async function loadKey(config: GoogleSheetsConfig): Promise<KeyOutcome> {
  let text: string;
  let variable: string;
  if (config.GOOGLE_SERVICE_ACCOUNT_KEY) {
    variable = 'GOOGLE_SERVICE_ACCOUNT_KEY';
    text = config.GOOGLE_SERVICE_ACCOUNT_KEY.trim();
    if (!text.startsWith('{')) {
      const decoded = Buffer.from(text, 'base64').toString('utf8').trim();
      if (decoded.startsWith('{')) text = decoded;
    }
  } else if (config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE) {
    variable = 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE';
    const file = await readKeyFile(config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE);
    if (!file.ok) return { ok: false, message: file.message, variable };
    text = file.text;
  } else {
    return { ok: false, message: notConfiguredMessage([KEY_VARIABLES]), variable: null };
  }
  return parseKey(text, variable);
}

async function readKeyFile(path: string): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    return { ok: true, text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    return {
      ok: false,
      message: `The key file in GOOGLE_SERVICE_ACCOUNT_KEY_FILE (${path}) cannot be read (${code}): check the path and that the server’s user may read it.`,
    };
  }
}

/** Checks the key without the network. Messages never quote the key: JSON.parse's own would. */
function parseKey(text: string, variable: string): KeyOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      variable,
      message: `${variable} is not valid JSON: give the whole key file Google made for the service account (JSON, starting with {"type": "service_account").`,
    };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { ok: false, variable, message: `${variable} is not a service account key: it should be a JSON object.` };
  const fields = json as Record<string, unknown>;
  if (fields.type !== undefined && fields.type !== 'service_account')
    return {
      ok: false,
      variable,
      message: `${variable} holds a credential of type “${String(fields.type)}”, not a service account key: create a key for a service account (Keys, Add key, JSON).`,
    };
  const absent = ['client_email', 'private_key'].filter(
    (name) => typeof fields[name] !== 'string' || fields[name] === '',
  );
  if (absent.length > 0)
    return {
      ok: false,
      variable,
      message: `The key in ${variable} has no ${absent.join(' and no ')}: give the whole key file Google made for the service account.`,
    };
  let privateKey = fields.private_key as string;
  // Keys pasted through some dashboards arrive with their line breaks as the two characters \n.
  const hasRepairedLineBreaks = !privateKey.includes('\n') && privateKey.includes('\\n');
  if (hasRepairedLineBreaks) privateKey = privateKey.replaceAll('\\n', '\n');
  const invalid = `The private_key in ${variable} is not a usable private key: it should be the PEM text Google gave (-----BEGIN PRIVATE KEY----- …), unchanged; create a new key if it was edited.`;
  try {
    const keyObject = createPrivateKey({ key: privateKey, format: 'pem' });
    // Google signs assertions with RS256 only.
    if (keyObject.asymmetricKeyType !== 'rsa') return { ok: false, variable, message: invalid };
    const probe = Buffer.from('savvypig verify secrets');
    const signature = sign('sha256', probe, keyObject);
    if (!verify('sha256', probe, createPublicKey(keyObject), signature))
      return { ok: false, variable, message: invalid };
  } catch {
    return { ok: false, variable, message: invalid };
  }
  return {
    ok: true,
    variable,
    hasRepairedLineBreaks,
    key: {
      clientEmail: fields.client_email as string,
      privateKey,
      privateKeyId: typeof fields.private_key_id === 'string' ? fields.private_key_id : undefined,
      projectId: typeof fields.project_id === 'string' ? fields.project_id : undefined,
    },
  };
}

import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const portSchema = z.coerce.number().int().min(0).max(65535);

const scriptUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** Every environment variable the server reads. README's configuration table mirrors this. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  // Sized to a small database server: PostgreSQL runs no more statements at once than it has cores, and
  // more connections only queue inside it (docs/performance.md, "Pool size"). Raise it with the database's cores.
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(8),
  /**
   * GETs of signed-in read routes ('opening-only' and 'on-demand' frames) that run at once; the rest
   * wait their turn (0: no limit). Default twice DB_POOL_MAX (ADR 0076).
   */
  API_READS_AT_ONCE: z.coerce.number().int().min(0).max(10_000).optional(),
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SavvyPig <no-reply@savvypig.local>'),
  CONTACT_EMAIL: z.email().default('team@savvypig.local'),
  SEED_DEMO: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** News feeds may be fetched from private, loopback and link-local addresses: tests and development only (ADR 0058). */
  NEWS_FEEDS_ALLOW_PRIVATE: booleanFromEnv.default(false),
  /** How long one feed's fetch may take, redirects and body included. */
  NEWS_FEEDS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  MAILBOX_ENABLED: booleanFromEnv.optional(),
  /** Tests only: a file holding milliseconds to shift the server's clock by (src/server/clock.ts). */
  TEST_CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  FILE_STORAGE_DIR: z.string().min(1).optional(),
  // Optional third-party scripts, loaded in the browser only after the visitor allows their category.
  ANALYTICS_SCRIPT_URL: scriptUrl.optional(),
  MARKETING_SCRIPT_URL: scriptUrl.optional(),
  // The card provider (docs/decisions/0037): Stripe when both keys are set, otherwise test mode.
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /**
   * Test mode's pretend checkout without Stripe keys (ADR 0046). Unset: on only when no other machine
   * can reach the server; `true` where one can is a configuration error; `false`: card payments off.
   */
  BILLING_TEST_MODE: booleanFromEnv.optional(),
  /** Tests: the card provider's API at another address (http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Every successful sign-up and every password-reset request answers no sooner than this (auth/routes.ts, app.ts). */
  SIGN_UP_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(5000).default(400),
  // The banking data importer's Google Sheet (docs/decisions/0050): read with a service account's key,
  // given inline (the key file's JSON, or that JSON in base64) or as a file path.
  GOOGLE_SHEETS_SPREADSHEET_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,}$/, "must be the id in the sheet's address (…/spreadsheets/d/<id>/edit)")
    .optional(),
  GOOGLE_SERVICE_ACCOUNT_KEY: z.string().min(1).optional(),
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: z.string().min(1).optional(),
  GOOGLE_SHEETS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Tests only: the Sheets API (http://127.0.0.1:PORT/) and Google's token endpoint at other addresses. */
  GOOGLE_SHEETS_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // Open Banking (docs/decisions/0067): off until the client id, secret, redirect URL and token key are set.
  OPEN_BANKING_CLIENT_ID: z.string().min(1).optional(),
  OPEN_BANKING_CLIENT_SECRET: z.string().min(8).optional(),
  OPEN_BANKING_REDIRECT_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OPEN_BANKING_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  /** 32 random bytes in base64 (openssl rand -base64 32): the AES-256-GCM key for tokens at rest. */
  OPEN_BANKING_TOKEN_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** The key before a rotation: still read, never written (docs/operations.md). */
  OPEN_BANKING_TOKEN_KEY_PREVIOUS: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** Tests: the provider's auth server and API at other addresses (a local fake). */
  OPEN_BANKING_AUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OPEN_BANKING_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The debug API (/api/debug/*, docs/decisions/0066): off (404) unless set; callers send it in X-Debug-Key. */
  DEBUG_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The debug console may add mock savers in production (ADR 0066); elsewhere it always may. */
  ALLOW_MOCK_DATA: booleanFromEnv.default(false),
  // The CRM sync (docs/decisions/0063): HubSpot through its official client when a private app's token is set.
  HUBSPOT_ACCESS_TOKEN: z.string().min(8, 'must be a HubSpot private app access token').optional(),
  /** Tests only: HubSpot's API at another address (http://127.0.0.1:PORT, the tests' fake server). */
  HUBSPOT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  HUBSPOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How many times a failed item is tried again before it is marked failed. */
  HUBSPOT_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  /** The first retry's wait; each next one doubles (capped at 5 minutes). Lower in tests. */
  HUBSPOT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** Requests per window shared by every instance: HubSpot allows 100 per 10 s, so never more. */
  HUBSPOT_RATE_LIMIT: z.coerce.number().int().min(1).max(100).default(100),
  HUBSPOT_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Sync Users' pause between pages of 20 users. */
  HUBSPOT_SYNC_USERS_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** The Prometheus endpoint `/api/metrics` answers only with this bearer token; unset, it is off (ADR 0065). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often the System Health Dashboard's performance history takes a sample. */
  METRICS_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Config = z.infer<typeof ConfigSchema> & {
  publicUrl: string;
  trustedOrigins: string[];
  mailboxEnabled: boolean;
  /** API_READS_AT_ONCE, or its default. */
  readsAtOnce: number;
  /** Whether test mode's checkout (Pay gives a plan for nothing) serves; false with Stripe keys. */
  billingTestMode: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at boot; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ConfigSchema.shape && value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.TEST_CLOCK_OFFSET_FILE && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_OFFSET_FILE: must not be set in production');
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    publicUrl,
    ...(config.TRUSTED_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? []),
    ...(config.NODE_ENV === 'production' ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173']),
  ];
  if (config.PUBLIC_URL === undefined) trustedOrigins.push(`http://127.0.0.1:${config.PORT}`);
  const reachable = reachableFromElsewhere({ HOST: config.HOST, publicUrl, TRUST_PROXY: config.TRUST_PROXY });
  if (config.GOOGLE_SERVICE_ACCOUNT_KEY && config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE)
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_SERVICE_ACCOUNT_KEY: set it or GOOGLE_SERVICE_ACCOUNT_KEY_FILE, not both',
    );
  // Any 10 s holds at most 100 requests only when the window's own rate is no higher (tests may go faster).
  if (config.NODE_ENV !== 'test' && config.HUBSPOT_RATE_LIMIT * 10_000 > 100 * config.HUBSPOT_RATE_WINDOW_MS)
    throw new ConfigError(
      'Invalid configuration:\n  HUBSPOT_RATE_LIMIT: more than 100 requests per 10 seconds (HUBSPOT_RATE_WINDOW_MS); HubSpot refuses them',
    );
  const hasStripe = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
  if (config.BILLING_TEST_MODE && hasStripe)
    throw new ConfigError('Invalid configuration:\n  BILLING_TEST_MODE: must not be true when the Stripe keys are set');
  if (config.BILLING_TEST_MODE && reachable)
    throw new ConfigError(
      `Invalid configuration:\n  BILLING_TEST_MODE: must not be true on a server other machines can reach (${reachable}): its Pay button gives a plan for nothing`,
    );
  return {
    ...config,
    publicUrl,
    trustedOrigins: [...new Set(trustedOrigins)],
    readsAtOnce: config.API_READS_AT_ONCE ?? 2 * config.DB_POOL_MAX,
    // The file mailbox shows every user's e-mail: only for a server on this machine, without SMTP.
    mailboxEnabled: config.MAILBOX_ENABLED ?? (!config.SMTP_URL && isLoopbackHost(config.HOST)),
    // NODE_ENV=test is the test harness's own server (it trusts a pretend proxy to test client addresses).
    billingTestMode: !hasStripe && (config.BILLING_TEST_MODE ?? (reachable === null || config.NODE_ENV === 'test')),
  };
}

/** Why the server can be reached from other machines, or null when only this one reaches it. */
export function reachableFromElsewhere(config: Pick<Config, 'HOST' | 'publicUrl' | 'TRUST_PROXY'>): string | null {
  if (!isLoopbackHost(config.HOST)) return `HOST is ${config.HOST}, not a loopback address`;
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopbackHost(publicHost)) return `PUBLIC_URL is ${config.publicUrl}, so a proxy passes requests in`;
  if (config.TRUST_PROXY) return 'TRUST_PROXY is on, so a proxy passes requests in';
  return null;
}

/**
 * A server that listens never runs as NODE_ENV=test: that is the in-process test harness's, which
 * answers no network and so may keep card payments in test mode behind its pretend proxy.
 */
export function listeningConfigError(config: Pick<Config, 'NODE_ENV'>): string | null {
  return config.NODE_ENV === 'test'
    ? 'Invalid configuration:\n  NODE_ENV: "test" is for the in-process test harness; a server that listens runs as development or production'
    : null;
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

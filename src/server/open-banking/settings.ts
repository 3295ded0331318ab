/**
 * Open Banking's settings from the environment (README, docs/operations.md). Without the client
 * id, secret and token key the feature is off (the redirect URL defaults to this site's
 * /api/open-banking/callback): the status names what to set, the
 * other routes answer 404 with the reason, and no job runs.
 */
import type { Config } from '../config.ts';
import { keyringOf, type TokenKeyring } from './token-crypto.ts';

export type OpenBankingEnvironment = 'sandbox' | 'live';

/** TrueLayer's hosts (ADR 0067). */
export const PROVIDER_HOSTS: Readonly<Record<OpenBankingEnvironment, { auth: string; api: string }>> = {
  sandbox: { auth: 'https://auth.truelayer-sandbox.com', api: 'https://api.truelayer-sandbox.com' },
  live: { auth: 'https://auth.truelayer.com', api: 'https://api.truelayer.com' },
};

export type OpenBankingSettings = {
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  environment: OpenBankingEnvironment;
  authUrl: string;
  apiUrl: string;
  keyring: TokenKeyring;
};

export const REQUIRED_SETTINGS = [
  'OPEN_BANKING_CLIENT_ID',
  'OPEN_BANKING_CLIENT_SECRET',
  'OPEN_BANKING_TOKEN_KEY',
] as const;

export type OpenBankingConfig = Pick<
  Config,
  | 'publicUrl'
  | 'OPEN_BANKING_CLIENT_ID'
  | 'OPEN_BANKING_CLIENT_SECRET'
  | 'OPEN_BANKING_REDIRECT_URL'
  | 'OPEN_BANKING_ENV'
  | 'OPEN_BANKING_TOKEN_KEY'
  | 'OPEN_BANKING_TOKEN_KEY_PREVIOUS'
  | 'OPEN_BANKING_AUTH_URL'
  | 'OPEN_BANKING_API_URL'
>;

/** The settings, or the names of the variables still to set. */
export function openBankingSettings(
  config: OpenBankingConfig,
): { enabled: true; settings: OpenBankingSettings } | { enabled: false; missing: string[] } {
  const missing = REQUIRED_SETTINGS.filter((name) => !config[name]);
  if (missing.length > 0) return { enabled: false, missing };
  const environment = config.OPEN_BANKING_ENV ?? 'sandbox';
  const hosts = PROVIDER_HOSTS[environment];
  return {
    enabled: true,
    settings: {
      clientId: config.OPEN_BANKING_CLIENT_ID!,
      clientSecret: config.OPEN_BANKING_CLIENT_SECRET!,
      redirectUrl: config.OPEN_BANKING_REDIRECT_URL ?? `${config.publicUrl}/api/open-banking/callback`,
      environment,
      authUrl: (config.OPEN_BANKING_AUTH_URL ?? hosts.auth).replace(/\/$/, ''),
      apiUrl: (config.OPEN_BANKING_API_URL ?? hosts.api).replace(/\/$/, ''),
      keyring: keyringOf(config.OPEN_BANKING_TOKEN_KEY!, config.OPEN_BANKING_TOKEN_KEY_PREVIOUS),
    },
  };
}

/**
 * Open Banking's API between the server and the web app (issue 32): one set of zod schemas and
 * types that both import, so the two cannot drift. Tokens never appear here: nothing the browser
 * receives carries an access or refresh token, a client secret or the encryption key.
 *
 * Money is whole pence; instants are ISO 8601 strings.
 */
import { z } from 'zod';

/** A connection's state as the saver sees it. */
export const CONNECTION_STATUSES = ['active', 'expiring', 'expired', 'revoked', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** How many days before the 90-day reconfirmation a connection shows as expiring (and a notification goes out). */
export const RECONFIRM_WARNING_DAYS = 14;
/** UK rules: a consent is reconfirmed by the saver every 90 days. */
export const CONSENT_DAYS = 90;
/** UK rules: at most four unattended refreshes per consent per day (on-demand ones are extra). */
export const UNATTENDED_SYNCS_PER_DAY = 4;

/** The web pages the server redirects to after the bank's consent. */
export const OPEN_BANKING_PAGE = '/open-banking';
export function openBankingLinkPage(connectionId: string): string {
  return `/open-banking/connections/${encodeURIComponent(connectionId)}/link`;
}

/** Why the callback sent the saver back to `/open-banking?error=<code>`; the page shows the text. */
export const CALLBACK_ERRORS = {
  denied: 'You did not give access at your bank, so nothing was connected.',
  state: 'That bank link has expired or was started in another session. Please start again.',
  provider: "Your bank's connection service did not answer. Please try again in a few minutes.",
  disabled: 'Open Banking is not switched on for this site.',
} as const;
export type CallbackError = keyof typeof CALLBACK_ERRORS;
export function callbackErrorText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(CALLBACK_ERRORS, code) ? CALLBACK_ERRORS[code as CallbackError] : null;
}

/** The server's error messages (AppError), shown as they are. */
/** Syncs a saver may ask for in an hour, all their connections together (the four unattended a day aside). */
export const SAVER_SYNCS_PER_HOUR = 20;

export const OPEN_BANKING_MESSAGES = {
  needsBigPig: 'Open Banking requires Big Pig tier or higher',
  disabled: 'Open Banking is not switched on for this site',
  notFound: 'Connection not found',
  bankNotSupported: 'This bank cannot be connected through Open Banking yet',
  accountNotFound: 'Account not found',
  providerAccountNotFound: 'That bank account is not part of this connection',
  accountAlreadyLinked: 'That SavvyPig account is already linked to another bank account',
  linkTwice: 'Each bank account can be linked only once',
  notConnected: 'This connection has ended. Connect your bank again to keep syncing',
  needsReconnect: 'Your bank needs you to reconnect before it will share more',
  accountCap: 'You have reached the number of accounts your plan allows',
  providerDown: "Your bank's connection service did not answer. Please try again in a few minutes",
  tooManySyncs: `You can ask for up to ${SAVER_SYNCS_PER_HOUR} syncs an hour. Please try again later: your balances also update on their own up to four times a day`,
} as const;

export const ConnectionAccountSchema = z.object({
  providerAccountId: z.string(),
  displayName: z.string(),
  /** Only the last four digits, like '•••• 1234'. */
  accountNumberMasked: z.string(),
  /** The provider's account type, e.g. 'SAVINGS', 'TRANSACTION'. */
  type: z.string(),
  currency: z.string(),
  /** The balance the bank last reported, or null before the first sync. */
  balancePence: z.number().int().nullable(),
  /** The SavvyPig account it keeps current, or null while unlinked. */
  linkedAccountId: z.uuid().nullable(),
});
export type ConnectionAccount = z.infer<typeof ConnectionAccountSchema>;

export const ConnectionSchema = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  bankName: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  consentExpiresAt: z.iso.datetime({ offset: true }),
  /** When the saver must reconfirm by (the 90-day rule); equals consentExpiresAt. */
  reconfirmBy: z.iso.datetime({ offset: true }),
  /** The last sync that worked. */
  lastSyncedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why the last sync failed, in plain words, while it keeps failing; null once one works. */
  lastSyncError: z.string().nullable(),
  /** The account the saver started from ("Connect" on an account page), offered first when linking. */
  fromAccountId: z.uuid().nullable(),
  accounts: z.array(ConnectionAccountSchema),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const OpenBankingStatusSchema = z.object({
  enabled: z.boolean(),
  /** The environment variables to set when disabled (names only). */
  missingSettings: z.array(z.string()),
  connections: z.array(ConnectionSchema),
});
export type OpenBankingStatus = z.infer<typeof OpenBankingStatusSchema>;

export const OpenBankingBankSchema = z.object({
  bankId: z.uuid(),
  bankName: z.string(),
  providerInstitutionId: z.string(),
});
export type OpenBankingBank = z.infer<typeof OpenBankingBankSchema>;
export const OpenBankingBanksSchema = z.array(OpenBankingBankSchema);

export const StartConnectionSchema = z.object({
  bankId: z.uuid('Choose a bank from the list'),
  /** Connecting from an account's page: that account is offered first when linking. */
  accountId: z.uuid().optional(),
});
export type StartConnection = z.infer<typeof StartConnectionSchema>;

export const AuthorisationSchema = z.object({
  /** The bank's consent page (via the provider): the browser goes there next. */
  authorisationUrl: z.url(),
});
export type Authorisation = z.infer<typeof AuthorisationSchema>;

export const NEW_ACCOUNT_NAME_MAX = 100;
export const LinkSchema = z.union([
  z.object({ providerAccountId: z.string().min(1), accountId: z.uuid('Choose an account') }),
  z.object({
    providerAccountId: z.string().min(1),
    create: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'Account name is required')
        .max(NEW_ACCOUNT_NAME_MAX, `Account name must be ${NEW_ACCOUNT_NAME_MAX} characters or fewer`),
    }),
  }),
]);
export type Link = z.infer<typeof LinkSchema>;

export const LinkAccountsSchema = z.object({
  links: z.array(LinkSchema).min(1, 'Choose at least one account to link').max(50),
});
export type LinkAccounts = z.infer<typeof LinkAccountsSchema>;

/** What a sync request answers (202): the job is queued, or one for this connection already waits. */
export const SyncJobSchema = z.object({
  status: z.enum(['queued', 'already_queued']),
});
export type SyncJob = z.infer<typeof SyncJobSchema>;

export const LinkAccountsResultSchema = z.object({
  connection: ConnectionSchema,
  sync: SyncJobSchema,
});
export type LinkAccountsResult = z.infer<typeof LinkAccountsResultSchema>;

/** DELETE answers 200 with the connection as it now stands (status 'revoked', no longer synced). */
export const DisconnectResultSchema = z.object({ connection: ConnectionSchema });
export type DisconnectResult = z.infer<typeof DisconnectResultSchema>;

/** The API's paths (the web client builds its calls from these). */
export const OPEN_BANKING_API = {
  status: '/api/open-banking/status',
  banks: '/api/open-banking/banks',
  connections: '/api/open-banking/connections',
  callback: '/api/open-banking/callback',
  connection: (id: string) => `/api/open-banking/connections/${encodeURIComponent(id)}`,
  links: (id: string) => `/api/open-banking/connections/${encodeURIComponent(id)}/links`,
  sync: (id: string) => `/api/open-banking/connections/${encodeURIComponent(id)}/sync`,
  reconnect: (id: string) => `/api/open-banking/connections/${encodeURIComponent(id)}/reconnect`,
} as const;

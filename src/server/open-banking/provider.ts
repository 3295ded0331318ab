/**
 * The account information provider as SavvyPig uses it (issue 32, ADR 0067): one interface, one
 * real implementation (truelayer.ts) and a local fake speaking the same HTTP (test/fake-provider.ts).
 * Tokens pass through here and nowhere else; errors carry the kind of failure, never a token.
 */
import type { CalendarDate } from '../../core/dates/calendar-date.ts';

export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date;
};

export type ProviderAccount = {
  providerAccountId: string;
  displayName: string;
  /** Masked already: only the last four characters leave the provider module. */
  accountNumberMasked: string;
  type: string;
  currency: string;
};

export type ProviderBalance = { currentPence: number; currency: string };

export type ProviderTransaction = {
  providerTransactionId: string;
  /** The UK date it happened. */
  date: CalendarDate;
  /** Signed: money out is negative. */
  amountPence: number;
  description: string;
};

/**
 * - expired: the consent or refresh token is past its end (401, invalid_grant): reconnect.
 * - revoked: the saver or the bank withdrew the consent (403 access_denied): reconnect.
 * - rate_limited: 429 after the retries this client makes (retryAfterMs says when).
 * - unavailable: 5xx or a network failure after the retries.
 * - denied: the saver declined at the bank (callback error=access_denied).
 * - bad_response: an answer this client cannot read.
 */
export type ProviderErrorKind = 'expired' | 'revoked' | 'rate_limited' | 'unavailable' | 'denied' | 'bad_response';

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly retryAfterMs?: number;
  constructor(kind: ProviderErrorKind, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface OpenBankingProvider {
  /** The bank's consent page (through the provider), carrying our single-use state. */
  authorisationUrl(input: { state: string; providerInstitutionId: string }): string;
  exchangeCode(code: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  accounts(accessToken: string): Promise<ProviderAccount[]>;
  balance(accessToken: string, providerAccountId: string): Promise<ProviderBalance>;
  /** Every transaction from `from` to `to`, all pages and date windows fetched. */
  transactions(accessToken: string, providerAccountId: string, from: Date, to: Date): Promise<ProviderTransaction[]>;
  /** Ends the consent at the provider; an already ended one is not an error. */
  revoke(accessToken: string): Promise<void>;
}

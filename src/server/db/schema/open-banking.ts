// Open Banking (issue 32, docs/decisions/0067-open-banking-provider.md): a saver's consents at a
// regulated account information provider, the bank accounts each consent shares and the SavvyPig
// account each keeps current, and the single-use `state` values of consents under way. Tokens are
// stored only encrypted (AES-256-GCM, src/server/open-banking/token-crypto.ts) and never leave the
// server. Only the owner (or an admin) sees their rows; the unattended sync scheduler runs as the
// server's own role.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';
import { bankReferences } from './reference.ts';

/** A connection's stored state; 'expiring' is worked out from the consent's end (core/open-banking). */
export const STORED_CONNECTION_STATUSES = ['active', 'expired', 'revoked', 'error'] as const;

export const openBankingConnections = pgTable(
  'open_banking_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bankId: uuid('bank_id')
      .notNull()
      .references(() => bankReferences.id),
    /** The bank's name when connected (the reference row may be renamed later). */
    bankName: text('bank_name').notNull(),
    /** The provider's id for the bank (e.g. 'ob-barclays'). */
    providerInstitutionId: text('provider_institution_id').notNull(),
    /** Encrypted (token-crypto.ts); null once revoked or expired beyond use. */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    consentCreatedAt: timestamp('consent_created_at', { withTimezone: true }).notNull(),
    /** 90 days after the consent (or its last reconfirmation): the saver reconfirms by then. */
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: STORED_CONNECTION_STATUSES }).notNull().default('active'),
    /** The account the saver started from, offered first when linking. */
    fromAccountId: uuid('from_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The last sync that worked, and the last failure's plain words (null once one works). */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncAttemptAt: timestamp('last_sync_attempt_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    /** When the unattended syncs of the last day ran (UK rules: at most four a day per consent). */
    unattendedSyncs: timestamp('unattended_syncs', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_banking_connections_user_idx').on(t.userId, t.createdAt),
    // The scheduler's read: the consents that may still sync.
    index('open_banking_connections_due_idx').on(t.lastSyncAttemptAt).where(sql`status in ('active', 'error')`),
    check('open_banking_connections_sizes', sql`cardinality(${t.unattendedSyncs}) <= 8`),
    ownerPolicy('open_banking_connections', t.userId),
  ],
).enableRLS();

export const openBankingAccounts = pgTable(
  'open_banking_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => openBankingConnections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    displayName: text('display_name').notNull(),
    /** Only the last four digits are kept. */
    accountNumberMasked: text('account_number_masked').notNull(),
    accountType: text('account_type').notNull(),
    currency: text('currency').notNull(),
    /** The balance the bank last reported, and when. */
    balancePence: bigint('balance_pence', { mode: 'number' }),
    balanceAt: timestamp('balance_at', { withTimezone: true }),
    linkedAccountId: uuid('linked_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('open_banking_accounts_provider_unique').on(t.connectionId, t.providerAccountId),
    index('open_banking_accounts_linked_idx').on(t.linkedAccountId).where(sql`linked_account_id is not null`),
    ownerPolicy('open_banking_accounts', t.userId),
  ],
).enableRLS();

export const openBankingOauthStates = pgTable(
  'open_banking_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the state sent to the provider: the value itself is never stored. */
    stateHash: text('state_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The session that started the consent: only it may finish it. */
    sessionId: text('session_id').notNull(),
    bankId: uuid('bank_id')
      .notNull()
      .references(() => bankReferences.id, { onDelete: 'cascade' }),
    /** A reconnection: the consent it renews. */
    connectionId: uuid('connection_id').references(() => openBankingConnections.id, { onDelete: 'cascade' }),
    fromAccountId: uuid('from_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_banking_oauth_states_user_idx').on(t.userId, t.createdAt),
    ownerPolicy('open_banking_oauth_states', t.userId),
  ],
).enableRLS();

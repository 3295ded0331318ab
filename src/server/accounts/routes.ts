/**
 * The signed-in user's accounts (001 §2, §3): the list with each account's protection, and
 * creating, saving, changing and deleting an account. Every write tells the user's open tabs
 * (publishAccountChanged) inside its transaction, so they hear of it only once it is committed.
 */
import { answerKeyOf } from '../kept/answer-cache.ts';
import { sharedProtectionRows } from '../protection/kept-rows.ts';
import { readProtectionRows } from '../protection/queries.ts';
import { keptAnswers } from '../kept/kept-answers.ts';
import { accountCap, accountLimitMessage, canAddAccount } from '../../core/accounts/account-cap.ts';
import { featureOfAccountType } from '../../core/subscriptions/account-type-feature.ts';
import { FEATURE_LABELS, FEATURE_TIERS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import { isPlatformBank } from '../../core/accounts/account-protection.ts';
import {
  ACCOUNT_MESSAGES,
  type AccountFields,
  accountFieldsObject,
  accountFieldsSchema,
  accountPatchObject,
} from '../../core/accounts/account-schema.ts';
import {
  accountTypeCategory,
  canChangeAccountType,
  TYPE_RESTRICTION_NOTE,
} from '../../core/accounts/account-type-category.ts';
import { frequencyOptions, INTEREST_DEFAULTS } from '../../core/accounts/interest-settings.ts';
import { startingBalanceEntry } from '../../core/isa/starting-balance.ts';
import { type CalendarDate, calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { calendarDateSchema } from '../../core/dates/calendar-date-schema.ts';
import { assertEmailVerified } from '../auth/verified-email.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Tx } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { AppError } from '../errors.ts';
import { readsOf, sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import type { Context } from 'hono';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { publishAccountChanged } from './account-events.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from './account-id.ts';
import {
  type Account,
  AccountListSchema,
  AccountSchema,
  findAccountJson,
  accountsViewOf,
  storedAccountFields,
} from './account-json.ts';
import {
  type AccountRow,
  accountsContext,
  banksByIds,
  deleteAccount,
  findAccountForUpdate,
  findActiveAccountType,
  insertAccount,
  insertOpeningBalance,
  listUserAccounts,
  lockAccountCreation,
  updateAccount,
} from './queries.ts';

export const ACCOUNT_ROUTE_MESSAGES = {
  notFound: ACCOUNT_NOT_FOUND,
  unknownType: 'Choose an account type from the list',
  unknownBank: 'Choose a bank from the list',
  unknownPlatformBank: 'Choose the bank that holds the deposits from the list',
  platformBankIsPlatform:
    'The bank that holds the deposits cannot itself be a platform: choose a bank or building society',
  startingBalance: 'Starting balance cannot be negative',
  startingBalanceDate: 'The starting balance date must be a real date from 01/01/1900 to today',
  typeChangeBlocked: (from: string, to: string) =>
    `An account of type ${from} cannot become ${to}. ${TYPE_RESTRICTION_NOTE}`,
} as const;

const StartingBalanceShape = {
  startingBalancePence: z
    .number(ACCOUNT_ROUTE_MESSAGES.startingBalance)
    .int(ACCOUNT_MESSAGES.money)
    .min(0, ACCOUNT_ROUTE_MESSAGES.startingBalance)
    .max(1_000_000_000_00, ACCOUNT_MESSAGES.moneyTooLarge)
    .optional(),
  startingBalanceDate: calendarDateSchema(
    ACCOUNT_ROUTE_MESSAGES.startingBalanceDate,
    ACCOUNT_ROUTE_MESSAGES.startingBalanceDate,
  ).optional(),
  startingBalancePaidIn: z.boolean('Paid in this tax year must be true or false').optional().openapi({
    description:
      'A Cash ISA only: the starting balance was paid in this tax year, so it is recorded as a deposit and counts towards the ISA allowance (dated in this tax year)',
  }),
};

const ACCOUNT_EXAMPLE = { name: 'Rainy Day ISA', accountNumber: '12345678', accountType: 'Cash ISA', bankId: null };
const AccountCreateSchema = accountFieldsObject()
  .extend(StartingBalanceShape)
  .openapi('AccountCreate', { example: ACCOUNT_EXAMPLE });
const AccountSaveSchema = accountFieldsObject().openapi('AccountSave', { example: ACCOUNT_EXAMPLE });
const AccountPatchSchema = accountPatchObject().openapi('AccountPatch', {
  example: { name: 'Rainy Day ISA', interestRateBps: 435 },
});

const IdParams = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const AccountResponse = z.object({ account: AccountSchema }).openapi('AccountResponse');

function validationError(issues: readonly { path: PropertyKey[]; message: string }[]): AppError {
  const issue = issues[0];
  return new AppError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', {
    field: issue?.path.map(String).join('.') || undefined,
    issues: issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

/** The form's whole check against today's UK date; the route has already checked the shape. */
function checkFields(input: unknown, today: CalendarDate): AccountFields {
  const parsed = accountFieldsSchema(today).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', ACCOUNT_ROUTE_MESSAGES.notFound);
}

/**
 * Checks the references a save names against the database and returns the row values to write:
 * the type as the admin spelt it, the bank's name and banking group from its reference. A type,
 * bank or platform bank the account already has is kept even if an admin has since retired it.
 */
async function resolveAccountValues(tx: Tx, fields: AccountFields, current: AccountRow | null) {
  const sameType =
    current !== null && current.accountType.trim().toLowerCase() === fields.accountType.trim().toLowerCase();
  const accountType = sameType ? current.accountType : await findActiveAccountType(tx, fields.accountType);
  if (accountType === null)
    throw new AppError('VALIDATION_FAILED', ACCOUNT_ROUTE_MESSAGES.unknownType, { field: 'accountType' });

  const banks = await banksByIds(
    tx,
    [fields.bankId, fields.platformBankReferenceId].filter((id): id is string => id !== null),
  );
  const bank = fields.bankId === null ? null : (banks.get(fields.bankId.toLowerCase()) ?? null);
  if (fields.bankId !== null && (!bank || (!bank.isActive && bank.id !== current?.bankId))) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_ROUTE_MESSAGES.unknownBank, { field: 'bankId' });
  }
  const holding =
    fields.platformBankReferenceId === null ? null : (banks.get(fields.platformBankReferenceId.toLowerCase()) ?? null);
  if (fields.platformBankReferenceId !== null) {
    if (!holding || (!holding.isActive && holding.id !== current?.platformBankReferenceId)) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_ROUTE_MESSAGES.unknownPlatformBank, {
        field: 'platformBankReferenceId',
      });
    }
    if (isPlatformBank(holding))
      throw new AppError('VALIDATION_FAILED', ACCOUNT_ROUTE_MESSAGES.platformBankIsPlatform, {
        field: 'platformBankReferenceId',
      });
  }

  const {
    temporaryHighBalance: thb,
    bankId: _bankId,
    platformBankReferenceId: _platformBankId,
    accountType: _type,
    ...rest
  } = fields;
  return {
    ...rest,
    accountType,
    bankId: bank?.id ?? null,
    // ISA and pension accounts may have no bank reference: their provider's name (set from their
    // own cards) stays as the bank's name.
    bank: bank ? bank.bankName : (current?.bank ?? null),
    bankingGroupId: bank ? bank.bankingGroupId : null,
    platformBankReferenceId: holding?.id ?? null,
    thbLifeEvent: thb?.lifeEvent ?? null,
    thbQualifyingPence: thb?.qualifyingPence ?? null,
    thbCreditedDate: thb?.creditedDate ?? null,
  };
}

/** Refuses a type change the regulations do not allow (001 §4), whatever the browser offered, and logs it (the spec: "refused and logged"). */
function assertTypeChangeAllowed(current: AccountRow, next: string, log: Logger | undefined): void {
  if (!canChangeAccountType(current.accountType, next)) {
    log?.warn('account type change refused', { accountId: current.id, from: current.accountType, to: next.trim() });
    throw new AppError('FORBIDDEN', ACCOUNT_ROUTE_MESSAGES.typeChangeBlocked(current.accountType, next.trim()), {
      field: 'accountType',
    });
  }
}

/** ISA and pension accounts are Big Pig features (000 §6): a new one needs the feature, by plan or grant (ADR 0036, 0045). */
function requireTypeInPlan(session: SessionUser, accountType: string): void {
  const feature = featureOfAccountType(accountType);
  if (feature === null) return;
  requireFeature(session, feature, tierRequiredMessage(FEATURE_LABELS[feature], FEATURE_TIERS[feature]));
}

export type AccountsOptions = {
  /** False: every list request reads and computes (the oracle the kept lists are held to). Default true. */
  keepAnswers?: boolean;
};

export function accountsRoutes(deps: Deps, { keepAnswers = true }: AccountsOptions = {}) {
  const app = createRouter();
  // The list as sent, kept per user while nothing it reads has changed (ADR 0039).
  const kept = keptAnswers(keepAnswers);
  const today = () => calendarDateInLondon(deps.clock.now());
  const viewer = (session: SessionUser) => ({
    userId: session.userId,
    tier: session.tier,
  });

  /** One account as the list shows it (its protection depends on all the others). */
  const accountJson = async (tx: Tx, session: SessionUser, accountId: string): Promise<Account> => {
    const account = findAccountJson(await listUserAccounts(tx, session.userId, today(), accountId), accountId, today());
    if (!account) throw notFound();
    return account;
  };

  const save = async (c: Context<AppEnv>, tx: Tx, session: SessionUser, current: AccountRow, fields: AccountFields) => {
    if (fields.accountType.trim().toLowerCase() !== current.accountType.trim().toLowerCase())
      assertTypeChangeAllowed(current, fields.accountType, c.get('logger'));
    await updateAccount(tx, session.userId, current.id, await resolveAccountValues(tx, fields, current));
    await publishAccountChanged(tx, session.userId, [current.id]);
    return accountJson(tx, session, current.id);
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      frame: 'on-demand',
      method: 'get',
      path: '/api/accounts',
      summary:
        "The signed-in user's accounts in creation order, each with its licence and deposit protection, their total and the account cap",
      description:
        'Two statements however many accounts: the accounts with their banks, the deposit limit override and the cap, and the alert dismissals (kept with them for the Protection Hub and the dashboard at the same versions); none while nothing the list reads has changed (the list kept for the user’s data version, read with the session, is sent, for at most a minute).',
      responses: { 200: json(AccountListSchema, 'The accounts') },
    }),
    async (c) => {
      const session = sessionOf(c);
      const now = deps.clock.now();
      const day = calendarDateInLondon(now);
      // The rows another route kept for the same versions, else read with the alert dismissals,
      // so the Protection Hub and the dashboard can take them from here (protection/kept-rows.ts).
      const key = keepAnswers ? answerKeyOf(session, day) : null;
      return kept(c, { session, now, today: day }, async () => {
        const rows = await sharedProtectionRows.rows(session.userId, key, now, () =>
          readsOf(c)((tx) => readProtectionRows(tx, session.userId, day), { atOnce: true }),
        );
        return accountsViewOf(rows.accounts, session, day);
      });
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts',
      summary: 'Add an account; a starting balance becomes its opening_balance transaction',
      description:
        'Needs a verified e-mail address. Refused with 403 ACCOUNT_LIMIT_REACHED when the account cap is reached.',
      request: { body: { content: { 'application/json': { schema: AccountCreateSchema } }, required: true } },
      responses: {
        201: json(AccountResponse, 'The new account'),
        403: {
          description:
            'ACCOUNT_LIMIT_REACHED (naming the cap and how to raise it), EMAIL_NOT_VERIFIED, or FORBIDDEN for an ISA or pension below Big Pig',
        },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      assertEmailVerified(session);
      const tx = txOf(c);
      const day = today();
      const { startingBalancePence, startingBalanceDate, startingBalancePaidIn, ...input } = c.req.valid('json');
      const fields = checkFields(input, day);
      requireTypeInPlan(session, fields.accountType);
      if (startingBalanceDate !== undefined && startingBalanceDate > day) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_ROUTE_MESSAGES.startingBalanceDate, {
          field: 'startingBalanceDate',
        });
      }
      const entry = startingBalanceEntry({
        accountType: fields.accountType,
        amountPence: startingBalancePence ?? 0,
        date: startingBalanceDate ?? day,
        today: day,
        isPaidInThisTaxYear: startingBalancePaidIn === true,
      });
      if (!entry.ok)
        throw new AppError('VALIDATION_FAILED', entry.message, {
          field: entry.reason === 'not-a-cash-isa' ? 'startingBalancePaidIn' : 'startingBalanceDate',
        });

      await lockAccountCreation(tx, session.userId);
      const context = await accountsContext(tx, session.userId);
      const cap = accountCap({ tier: viewer(session).tier, maxAccounts: context.maxAccounts });
      if (!canAddAccount(context.accountCount, cap))
        throw new AppError('ACCOUNT_LIMIT_REACHED', accountLimitMessage(cap), { max: cap.max, source: cap.source });

      const id = await insertAccount(tx, session.userId, await resolveAccountValues(tx, fields, null));
      // A typed £0 is a starting balance too: it says the account held nothing on its date (ADR 0022).
      if (startingBalancePence !== undefined)
        await insertOpeningBalance(
          tx,
          session.userId,
          id,
          startingBalancePence,
          startingBalanceDate ?? day,
          entry.type,
        );
      await publishAccountChanged(tx, session.userId, [id]);
      return c.json({ account: await accountJson(tx, session, id) }, 201);
    },
  );

  /** The signed-in user's account a change names, locked for the change; 404 for anyone else's. */
  const accountToChange = async (c: Context<AppEnv>, id: string) => {
    const session = sessionOf(c);
    assertEmailVerified(session);
    const tx = txOf(c);
    const current = await findAccountForUpdate(tx, session.userId, accountIdOf(id));
    if (!current) throw notFound();
    return { session, tx, current };
  };

  /** PUT and PATCH: one of the user's accounts, changed by the body. */
  const changeRoute = <S extends z.ZodType>(
    method: 'put' | 'patch',
    summary: string,
    schema: S,
    description?: string,
  ) =>
    defineRoute(deps, '', {
      access: 'user',
      method,
      path: '/api/accounts/{id}',
      summary,
      ...(description ? { description } : {}),
      request: { params: IdParams, body: { content: { 'application/json': { schema } }, required: true } },
      responses: {
        200: json(AccountResponse, 'The saved account'),
        403: { description: 'A type change the regulations do not allow, or EMAIL_NOT_VERIFIED' },
        404: { description: 'Account not found' },
      },
    });

  app.openapi(
    changeRoute(
      'put',
      "Save the whole account form (the balance is never set: it is the sum of the account's transactions)",
      AccountSaveSchema,
    ),
    async (c) => {
      const { session, tx, current } = await accountToChange(c, c.req.valid('param').id);
      const fields = checkFields(c.req.valid('json'), today());
      return c.json({ account: await save(c, tx, session, current, fields) }, 200);
    },
  );

  app.openapi(
    changeRoute(
      'patch',
      'Change some of an account’s fields (the detail page’s single-field and group saves)',
      AccountPatchSchema,
      'Values are trimmed; the change is checked with the rest of the account. A type change the regulations do not allow is refused with 403. When a new type does not offer the current interest frequency, the frequency returns to Monthly.',
    ),
    async (c) => {
      const { session, tx, current } = await accountToChange(c, c.req.valid('param').id);
      const change = c.req.valid('json');
      if (change.accountType !== undefined) assertTypeChangeAllowed(current, change.accountType, c.get('logger'));
      const merged = { ...storedAccountFields(current), ...change };
      // A frequency the new type does not offer (a bond's At Maturity on a savings account) goes back to the default.
      if (
        change.accountType !== undefined &&
        change.interestFrequency === undefined &&
        !frequencyOptions(accountTypeCategory(merged.accountType)).includes(merged.interestFrequency)
      ) {
        merged.interestFrequency = INTEREST_DEFAULTS.interestFrequency;
      }
      return c.json({ account: await save(c, tx, session, current, checkFields(merged, today())) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/accounts/{id}',
      summary:
        'Delete an account with its transactions, standing orders and everything attached to it, in one transaction',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' }, 404: { description: 'Account not found' } },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const id = accountIdOf(c.req.valid('param').id);
      if (!(await deleteAccount(tx, session.userId, id))) throw notFound();
      await publishAccountChanged(tx, session.userId, [id]);
      return c.body(null, 204);
    },
  );

  return app;
}

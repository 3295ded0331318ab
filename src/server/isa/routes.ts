/**
 * ISAs (001 §2 ISA Details card, §3 isa_accounts, issue 15): an ISA account's record (read,
 * choose the provider, change the details) and the allowance across all the user's ISAs for a
 * tax year with its alerts. Big Pig features (a trial counts), behind the tier check the
 * Protection Hub uses. The rules are core's (src/core/isa/); these routes load, call and save.
 */
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { parseTaxYearLabel, taxYearOf, taxYearStarting } from '../../core/dates/tax-year.ts';
import { EARLIEST_ISA_TAX_YEAR } from '../../core/isa/isa-figures.ts';
import {
  BENEFICIAL_OWNERS,
  FUNDING_TYPES,
  fundingWords,
  startingBalanceWords,
  ISA_MESSAGES,
  ISA_TRANSFER_STATUSES,
  IsaDetailsPatchSchema,
  isaFscsNote,
  isaTypeOfAccountType,
  type IsaTransaction,
} from '../../core/isa/isa-record.ts';
import { ADULT_ISA_TYPES, ISA_TYPE_NAMES, ISA_TYPES } from '../../core/isa/isa-types.ts';
import { limitsOn } from '../../core/protection/limits.ts';
import { type Account, AccountSchema, findAccountJson } from '../accounts/account-json.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import { listUserAccounts } from '../accounts/queries.ts';
import { FEATURE_LABELS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import { isaAlertsOf, isaAllowanceOf } from './allowance.ts';
import type { Tx } from '../db/client.ts';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { depositLimitOverride } from '../reference/queries.ts';
import {
  findIsaAccount,
  findIsaProvider,
  type IsaAccountView,
  readIsaAllowanceRows,
  saveIsaProvider,
  updateIsaDetails,
} from './queries.ts';

export const ISA_ROUTE_MESSAGES = {
  needsBigPig: tierRequiredMessage(FEATURE_LABELS.isas, 'bigpig'),
  notAnIsa: 'This account is not an ISA',
  providerFirst: 'Choose the ISA provider first',
  taxYear: `Enter a tax year like 2026/27, from ${EARLIEST_ISA_TAX_YEAR}/${String((EARLIEST_ISA_TAX_YEAR + 1) % 100)}`,
} as const;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const AccountIdParamsSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
});

const IsaProviderSchema = z.object({
  id: z.string(),
  platformName: z.string(),
  legalName: z.string(),
  fcaReference: z.string().nullable(),
  isaTypes: z.array(z.string()),
  fscsCategory: z.string(),
  bankingGroupName: z.string().nullable(),
  bankingGroupFrn: z.string().nullable(),
  protectionBasis: z.string(),
  userMessage: z.string().nullable(),
  warnUserLevel: z.string(),
  fscsNote: z
    .string()
    .openapi({ description: 'The FSCS note for the provider’s category, with the limit in force today' }),
});

const IsaRecordSchema = z.object({
  providerId: z.string(),
  isaType: z.enum(ISA_TYPES),
  fundingType: z.enum(FUNDING_TYPES),
  isFlexible: z.boolean(),
  plannedAnnualContributionPence: z.number().int(),
  plannedTransferAmountPence: z.number().int(),
  beneficialOwner: z.enum(BENEFICIAL_OWNERS),
  niNumberPresent: z.boolean(),
  maturityDate: z.string().nullable(),
  transferStatus: z.enum(ISA_TRANSFER_STATUSES).nullable(),
  transferStartedOn: z.string().nullable(),
  transferExpectedSlaDays: z.number().int().nullable(),
  jisaChildName: z.string().nullable().openapi({ description: 'Junior ISAs: the child whose limit it uses' }),
  updatedAt: z.string(),
});

const IsaViewSchema = z
  .object({
    accountId: z.string(),
    isa: IsaRecordSchema.nullable().openapi({ description: 'Null until a provider is chosen' }),
    provider: IsaProviderSchema.nullable(),
    defaultIsaType: z
      .enum(ISA_TYPES)
      .openapi({ description: 'The ISA type the account’s type names (a new record starts with it)' }),
  })
  .openapi('IsaDetails');
export type IsaView = z.infer<typeof IsaViewSchema>;

const IsaSaveSchema = IsaViewSchema.extend({ account: AccountSchema }).openapi('IsaDetailsSaved');
export type IsaSaved = z.infer<typeof IsaSaveSchema>;

const ProviderChoiceSchema = z
  .strictObject({
    providerId: z
      .string(ISA_MESSAGES.providerRequired)
      .trim()
      .min(1, ISA_MESSAGES.providerRequired)
      .max(20, ISA_MESSAGES.providerRequired),
  })
  .openapi('IsaProviderChoice', { example: { providerId: 'Z1618' } });

const DetailsPatchSchema = z.strictObject(IsaDetailsPatchSchema.shape).openapi('IsaDetailsPatch', {
  example: {
    isaType: 'cash',
    fundingType: 'new_subscription',
    isFlexible: true,
    plannedAnnualContributionPence: 500000,
  },
});

const pence = z.number().int();
const LimitUsageSchema = z.object({
  key: z.string(),
  limitPence: pence,
  usedPence: pence,
  remainingPence: pence,
  overPence: pence,
  words: z.object({ limit: z.string(), used: z.string(), remaining: z.string() }),
});

const AllowanceSchema = z
  .object({
    taxYear: z.object({ startYear: z.number().int(), label: z.string(), firstDay: z.string(), lastDay: z.string() }),
    isCurrentTaxYear: z.boolean(),
    cashCap: z.object({ status: z.string(), words: z.string() }),
    overall: LimitUsageSchema,
    lisa: LimitUsageSchema.extend({ bonusPence: pence, bonusWords: z.string() }),
    cash: LimitUsageSchema.nullable(),
    byType: z.array(
      z.object({
        isaType: z.enum(ADULT_ISA_TYPES),
        name: z.string(),
        subscribedPence: pence,
        replacedPence: pence,
        replaceablePence: pence,
        transferredInPence: pence,
        roomPence: pence,
        words: z.string(),
      }),
    ),
    juniors: z.array(LimitUsageSchema.extend({ childName: z.string(), accountIds: z.array(z.string()) })),
    accounts: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        isFlexible: z.boolean(),
        paidInPence: pence,
        subscribedPence: pence,
        replacedPence: pence,
        withdrawnPence: pence,
        replaceablePence: pence,
        transferredInPence: pence,
        words: z.string(),
        fundingWords: z.string().nullable(),
        startingBalanceWords: z.string().nullable().openapi({
          description: 'Said when a starting balance dated in the tax year is not counted as paid in (issue 24)',
        }),
      }),
    ),
    replaceablePence: pence,
    replaceableWords: z.string().nullable(),
    overSubscriptions: z.array(
      z.object({ key: z.string(), overPence: pence, certainty: z.enum(['certain', 'possible']), words: z.string() }),
    ),
    explanation: z.array(z.string()),
    alerts: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['maturity', 'transfer', 'contribution', 'flexible-replacement']),
        level: z.enum(['critical', 'warning', 'info']),
        accountId: z.string().nullable(),
        title: z.string(),
        message: z.string(),
        signature: z.string(),
      }),
    ),
  })
  .openapi('IsaAllowance');
export type IsaAllowance = z.infer<typeof AllowanceSchema>;

const TaxYearQuerySchema = z.object({
  taxYear: z
    .string()
    .max(20, ISA_ROUTE_MESSAGES.taxYear)
    .optional()
    .openapi({ example: '2026/27', description: 'Default: the tax year of today (UK date)' }),
});

/** The card's words for an ISA's starting balance in the tax year, from its row (`startingBalanceWords`). */
function startingBalanceWordsOf(isas: readonly { id: string; transactions: readonly IsaTransaction[] }[], id: string) {
  const row = isas.find((isa) => isa.id === id);
  return row ? startingBalanceWords(row.transactions) : null;
}

export function isaRoutes(deps: Deps) {
  const app = createRouter();
  const today = () => calendarDateInLondon(deps.clock.now());

  /**
   * The signed-in Big Pig user, the request's transaction and their ISA account `rawId`, or 403
   * (plan), 404 (unknown, someone else's) or 409 (not an ISA).
   */
  const isaAccountOf = async (c: Context<AppEnv>, rawId: string, { newUse = true }: { newUse?: boolean } = {}) => {
    const session = sessionOf(c);
    // Reading a lapsed user's stored ISA record stays open; changing it is new use (ADR 0036).
    if (newUse) requireFeature(session, 'isas', ISA_ROUTE_MESSAGES.needsBigPig);
    const tx = txOf(c);
    const view = await findIsaAccount(tx, session.userId, accountIdOf(rawId));
    if (!view) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    if (accountTypeCategory(view.account.accountType) !== 'isa')
      throw new AppError('CONFLICT', ISA_ROUTE_MESSAGES.notAnIsa);
    return { session, tx, view };
  };

  const viewJson = async (tx: Tx, view: IsaAccountView): Promise<IsaView> => {
    const { record, provider } = view;
    const limits = limitsOn(today(), (await depositLimitOverride(tx)) ?? undefined);
    return {
      accountId: view.account.id,
      isa: record && { ...record, updatedAt: record.updatedAt.toISOString() },
      provider: provider && {
        id: provider.id,
        platformName: provider.platformName,
        legalName: provider.legalName,
        fcaReference: provider.fcaReference,
        isaTypes: provider.isaTypes,
        fscsCategory: provider.fscsCategory,
        bankingGroupName: provider.bankingGroupName,
        bankingGroupFrn: provider.bankingGroupFrn,
        protectionBasis: provider.protectionBasis,
        userMessage: provider.userMessage,
        warnUserLevel: provider.warnUserLevel,
        fscsNote: isaFscsNote(
          provider.fscsCategory,
          limits,
          provider.fscsCategory === 'banking_group' ? provider.bankingGroupName : null,
        ),
      },
      defaultIsaType: isaTypeOfAccountType(view.account.accountType),
    };
  };

  /** The ISA after a save, with the account as the list judges it (its protection follows the provider). */
  const savedJson = async (c: Context<AppEnv>, accountId: string): Promise<IsaSaved> => {
    const { session, tx, view } = await isaAccountOf(c, accountId);
    const account: Account | null = findAccountJson(
      await listUserAccounts(tx, session.userId, today(), accountId),
      accountId,
      today(),
    );
    if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    return { ...(await viewJson(tx, view)), account };
  };

  const notFound = { description: `${ACCOUNT_NOT_FOUND}: no such account, or another user's` };
  const notIsa = { description: `CONFLICT: ${ISA_ROUTE_MESSAGES.notAnIsa}` };
  const needsBigPig = { description: `FORBIDDEN: ${ISA_ROUTE_MESSAGES.needsBigPig}` };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/accounts/{id}/isa',
      summary: 'An ISA account’s ISA record and provider, with the FSCS note for the provider’s category',
      request: { params: AccountIdParamsSchema },
      responses: {
        200: json(IsaViewSchema, 'The ISA record (null until a provider is chosen)'),
        403: needsBigPig,
        404: notFound,
        409: notIsa,
      },
    }),
    async (c) => {
      const { tx, view } = await isaAccountOf(c, c.req.valid('param').id, { newUse: false });
      return c.json(await viewJson(tx, view), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/accounts/{id}/isa/provider',
      summary: 'Choose the ISA’s provider: creates the ISA record with the defaults, and sets the account’s bank',
      description:
        'Upserts the ISA record (a new one takes the ISA type the account type names, funding new money, planned amounts 0, owner you, NI number present) and sets the account’s bank to the provider’s name, in one transaction. The account’s protection then follows the provider.',
      request: {
        params: AccountIdParamsSchema,
        body: { content: { 'application/json': { schema: ProviderChoiceSchema } }, required: true },
      },
      responses: {
        200: json(IsaSaveSchema, 'The ISA record and the account'),
        403: needsBigPig,
        404: notFound,
        409: notIsa,
      },
    }),
    async (c) => {
      const { session, tx, view } = await isaAccountOf(c, c.req.valid('param').id);
      const { providerId } = c.req.valid('json');
      const provider = await findIsaProvider(tx, providerId);
      // A provider an admin has since retired stays on the ISAs that already name it.
      if (!provider || (!provider.isActive && provider.id !== view.record?.providerId))
        throw new AppError('VALIDATION_FAILED', ISA_MESSAGES.providerRequired, { field: 'providerId' });
      const accountId = view.account.id;
      await saveIsaProvider(tx, session.userId, accountId, provider, isaTypeOfAccountType(view.account.accountType));
      await publishAccountChanged(tx, session.userId, [accountId]);
      return c.json(await savedJson(c, accountId), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/accounts/{id}/isa',
      summary:
        'Change an ISA record’s details (type, funding, flexible, planned amounts, owner, NI number, maturity, transfer)',
      request: {
        params: AccountIdParamsSchema,
        body: { content: { 'application/json': { schema: DetailsPatchSchema } }, required: true },
      },
      responses: {
        200: json(IsaSaveSchema, 'The ISA record and the account'),
        403: needsBigPig,
        404: notFound,
        409: { description: `CONFLICT: ${ISA_ROUTE_MESSAGES.notAnIsa}, or ${ISA_ROUTE_MESSAGES.providerFirst}` },
      },
    }),
    async (c) => {
      const { session, tx, view } = await isaAccountOf(c, c.req.valid('param').id);
      const patch = c.req.valid('json');
      if (!view.record) throw new AppError('CONFLICT', ISA_ROUTE_MESSAGES.providerFirst);
      if (Object.keys(patch).length > 0) {
        await updateIsaDetails(tx, session.userId, view.account.id, patch);
        await publishAccountChanged(tx, session.userId, [view.account.id]);
      }
      return c.json(await savedJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/isa/allowance',
      summary: 'The ISA allowance across all the user’s ISAs in a tax year, each figure explained, with ISA alerts',
      description:
        'One statement, however many ISAs: deposits are new money (transfers in when the ISA is funded by transfers in), withdrawals can be put back into a flexible ISA by 5 April; interest, fees and starting balances use no allowance.',
      request: { query: TaxYearQuerySchema },
      responses: { 200: json(AllowanceSchema, 'The allowance'), 403: needsBigPig },
    }),
    async (c) => {
      const session = sessionOf(c);
      requireFeature(session, 'isas', ISA_ROUTE_MESSAGES.needsBigPig);
      const day = today();
      const current = taxYearOf(day);
      const asked = c.req.valid('query').taxYear;
      const startYear = asked === undefined ? current.startYear : parseTaxYearLabel(asked);
      if (startYear === null || startYear < EARLIEST_ISA_TAX_YEAR || startYear > current.startYear + 1)
        throw new AppError('VALIDATION_FAILED', ISA_ROUTE_MESSAGES.taxYear, { field: 'taxYear' });
      const taxYear = taxYearStarting(startYear);
      const rows = await readIsaAllowanceRows(txOf(c), session.userId, taxYear);
      const { isas, allowance } = isaAllowanceOf(rows, taxYear, day);
      const isCurrentTaxYear = startYear === current.startYear;
      const alerts = isaAlertsOf(isas, isCurrentTaxYear ? allowance : null, day);
      const funding = new Map(
        isas.map((row) => [row.id, row.fundingType ? fundingWords(row.name, row.fundingType) : null]),
      );
      const body: IsaAllowance = {
        taxYear: {
          startYear: taxYear.startYear,
          label: taxYear.label,
          firstDay: taxYear.firstDay,
          lastDay: taxYear.lastDay,
        },
        isCurrentTaxYear,
        cashCap: { status: allowance.cashCap.status, words: allowance.cashCap.words },
        overall: limitJson(allowance.overall),
        lisa: {
          ...limitJson(allowance.lisa),
          bonusPence: allowance.lisa.bonusPence,
          bonusWords: allowance.lisa.bonusWords,
        },
        cash: allowance.cash && limitJson(allowance.cash),
        byType: ADULT_ISA_TYPES.map((type) => ({ ...allowance.byType[type], name: ISA_TYPE_NAMES[type] })),
        juniors: allowance.juniors.map((child) => ({
          ...limitJson(child),
          childName: child.childName,
          accountIds: child.accountIds,
        })),
        accounts: allowance.accounts.map((a) => ({
          accountId: a.accountId,
          name: a.name,
          isFlexible: a.isFlexible,
          paidInPence: a.paidInPence,
          subscribedPence: a.subscribedPence,
          replacedPence: a.replacedPence,
          withdrawnPence: a.withdrawnPence,
          replaceablePence: a.replaceablePence,
          transferredInPence: a.transferredInPence,
          words: a.words,
          fundingWords: funding.get(a.accountId) ?? null,
          startingBalanceWords: startingBalanceWordsOf(isas, a.accountId),
        })),
        replaceablePence: allowance.replaceablePence,
        replaceableWords: allowance.replaceableWords,
        overSubscriptions: allowance.overSubscriptions.map((o) => ({
          key: o.key,
          overPence: o.overPence,
          certainty: o.certainty,
          words: o.words,
        })),
        explanation: allowance.explanation,
        alerts,
      };
      return c.json(body, 200);
    },
  );

  return app;
}

function limitJson(usage: {
  key: string;
  limitPence: number;
  usedPence: number;
  remainingPence: number;
  overPence: number;
  words: { limit: string; used: string; remaining: string };
}) {
  return {
    key: usage.key,
    limitPence: usage.limitPence,
    usedPence: usage.usedPence,
    remainingPence: usage.remainingPence,
    overPence: usage.overPence,
    words: usage.words,
  };
}

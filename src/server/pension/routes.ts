/**
 * Pensions (001 §2 Pension Details card, §3 pension entities, §7 queries, issue 15): a pension
 * account's record (read with its figures and alerts, save, change the provider), contributions
 * per tax year, drawdown events and transfers. Big Pig features (a trial counts), behind the tier
 * check the ISA routes use. The rules are core's (src/core/pension/); these routes load, call and save.
 */
import type { Context } from 'hono';
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { parseTaxYearLabel, taxYearOf } from '../../core/dates/tax-year.ts';
import { EARLIEST_PENSION_TAX_YEAR } from '../../core/pension/pension-figures.ts';
import {
  checkEmployerLink,
  ContributionSchema,
  DrawdownSchema,
  normalisedRecord,
  PENSION_MESSAGES,
  PensionRecordSchema,
  pensionProtectionCategory,
  TransferSchema,
  TransferStatusSchema,
} from '../../core/pension/pension-record.ts';
import { schemeTypeForAccountType } from '../../core/pension/scheme-types.ts';
import type { CoverageTag } from '../../core/reference-data/spec-mapping.ts';
import { type Account, findAccountJson } from '../accounts/account-json.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import { listUserAccounts } from '../accounts/queries.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { FEATURE_LABELS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import {
  findPensionAccount,
  findPensionProvider,
  insertDrawdown,
  insertTransfer,
  type PensionAccountView,
  savePensionProvider,
  savePensionRecord,
  updateTransferStatus,
  upsertContribution,
} from './queries.ts';
import { pensionSummaryOf } from './pension-summary-of.ts';
import { PensionSavedSchema, type PensionView, PensionViewSchema } from './schemas.ts';

export const PENSION_ROUTE_MESSAGES = {
  needsBigPig: tierRequiredMessage(FEATURE_LABELS.pensions, 'bigpig'),
  notAPension: 'This account is not a pension',
  transferNotFound: 'Transfer not found',
} as const;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const AccountIdParamsSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }),
});
const TransferParamsSchema = AccountIdParamsSchema.extend({
  transferId: z.string().openapi({ param: { name: 'transferId', in: 'path' } }),
});

const RecordBodySchema = z
  .strictObject(PensionRecordSchema.shape)
  .superRefine(checkEmployerLink)
  .openapi('PensionRecordSave', {
    example: { providerId: 'aviva', schemeType: 'personal_pension', annualAllowancePence: 6_000_000, accessAge: 55 },
  });
const ProviderBodySchema = z
  .strictObject({ providerId: PensionRecordSchema.shape.providerId })
  .openapi('PensionProviderChoice', { example: { providerId: 'aviva' } });
const ContributionBodySchema = z.strictObject(ContributionSchema.shape).openapi('PensionContribution', {
  example: { taxYear: '2026/27', employeePence: 500_000, employerPence: 300_000 },
});
const DrawdownBodySchema = z.strictObject(DrawdownSchema.shape).openapi('PensionDrawdownEvent', {
  example: { eventDate: '2026-09-01', eventType: 'pcls', amountPence: 2_500_000 },
});
const TransferBodySchema = z
  .strictObject(TransferSchema.shape)
  .openapi('PensionTransferStart', { example: { notes: 'From Aviva' } });
const TransferStatusBodySchema = z.strictObject(TransferStatusSchema.shape).openapi('PensionTransferStatus', {
  example: { status: 'in_progress' },
});

/** UUIDs only: anything else is no transfer of this account's (never a 500 from the cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function pensionRoutes(deps: Deps) {
  const app = createRouter();
  const today = () => calendarDateInLondon(deps.clock.now());

  /**
   * The signed-in user with pensions in their plan, the request's transaction and their pension
   * account, or 403, 404 or 409. Reading a lapsed user's stored record stays open (ADR 0045).
   */
  const pensionAccountOf = async (c: Context<AppEnv>, rawId: string, { newUse = true }: { newUse?: boolean } = {}) => {
    const session = sessionOf(c);
    if (newUse) requireFeature(session, 'pensions', PENSION_ROUTE_MESSAGES.needsBigPig);
    const tx = txOf(c);
    const view = await findPensionAccount(tx, session.userId, accountIdOf(rawId));
    if (!view) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    if (accountTypeCategory(view.account.accountType) !== 'pension')
      throw new AppError('CONFLICT', PENSION_ROUTE_MESSAGES.notAPension);
    return { session, tx, view };
  };

  const providerOf = async (c: Context<AppEnv>, view: PensionAccountView, providerId: string) => {
    const provider = await findPensionProvider(txOf(c), providerId);
    // A provider an admin has since retired stays on the pensions that already name it.
    if (!provider || (!provider.isActive && provider.id !== view.record?.providerId))
      throw new AppError('VALIDATION_FAILED', PENSION_MESSAGES.providerRequired, { field: 'providerId' });
    return provider;
  };

  const viewJson = (view: PensionAccountView): PensionView => {
    const { record, provider } = view;
    const accountId = view.account.id;
    const summary = pensionSummaryOf(view, today());
    const shown = new Map(summary.transfers.map((t) => [t.id, t]));
    const { allowance } = summary;
    return {
      accountId,
      pension: record && { ...record, updatedAt: record.updatedAt.toISOString() },
      provider: provider && {
        id: provider.id,
        providerDisplayName: provider.providerDisplayName,
        legalEntityName: provider.legalEntityName,
        regulator: provider.regulator,
        frn: provider.frn,
        category: provider.category,
        coverageTag: provider.coverageTag,
        protectionBasis: provider.protectionBasis,
        displayMessage: provider.displayMessage,
        userMessage: provider.userMessage,
        warnUserLevel: provider.warnUserLevel,
        confidenceScore: provider.confidenceScore,
      },
      contributions: view.contributions
        .filter((c) => c.accountId === accountId)
        .map((c) => ({
          id: c.id,
          taxYear: c.taxYear,
          employeePence: c.employeePence,
          employerPence: c.employerPence,
          updatedAt: c.updatedAt,
        })),
      drawdowns: view.drawdowns
        .filter((d) => d.accountId === accountId)
        .map((d) => ({
          id: d.id,
          eventDate: d.eventDate,
          eventType: d.eventType,
          amountPence: d.amountPence,
          notes: d.notes,
        })),
      transfers: view.transfers.map((t) => ({
        ...t,
        shownStatus: shown.get(t.id)!.shownStatus,
        expectedBy: shown.get(t.id)!.expectedBy,
      })),
      allowance: {
        taxYear: allowance.taxYear.label,
        annualAllowancePence: allowance.annualAllowancePence,
        taperApplies: allowance.taper.status === 'applies',
        mpaaApplies: allowance.mpaa.status === 'applies',
        mpaaLimitPence: allowance.mpaa.limitPence,
        inputPence: allowance.inputPence,
        carryForwardPence: allowance.carryForward.availablePence,
        remainingPence: allowance.remainingPence,
        moneyPurchaseRemainingPence: allowance.moneyPurchaseRemainingPence,
        excessPence: allowance.excessPence,
        explanation: allowance.explanation,
      },
      flexibleAccessDate: summary.flexibleAccessDate,
      accessAge: summary.accessAge,
      lowConfidence: summary.lowConfidence,
      alerts: summary.alerts,
    };
  };

  /** The pension as it is now, after a write under it (other tabs refetch it too). */
  const rereadJson = async (c: Context<AppEnv>, accountId: string) => {
    const { session, tx, view } = await pensionAccountOf(c, accountId);
    await publishAccountChanged(tx, session.userId, [accountId]);
    return viewJson(view);
  };

  /** The pension after a save, with the account as the list judges it (its protection follows the provider). */
  const savedJson = async (c: Context<AppEnv>, accountId: string) => {
    const { session, tx, view } = await pensionAccountOf(c, accountId);
    const account: Account | null = findAccountJson(
      await listUserAccounts(tx, session.userId, today(), accountId),
      accountId,
      today(),
    );
    if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    return { ...viewJson(view), account };
  };

  const notFound = { description: `${ACCOUNT_NOT_FOUND}: no such account, or another user's` };
  const notPension = { description: `CONFLICT: ${PENSION_ROUTE_MESSAGES.notAPension}` };
  const needsBigPig = { description: `FORBIDDEN: ${PENSION_ROUTE_MESSAGES.needsBigPig}` };
  const refusals = { 403: needsBigPig, 404: notFound, 409: notPension };
  const saved = json(PensionSavedSchema, 'The pension record, its figures and the account');
  const viewed = json(PensionViewSchema, 'The pension record with its figures');

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/accounts/{id}/pension',
      summary:
        'A pension account’s record and provider, its contributions, drawdowns and transfers, the annual allowance left this tax year and the alerts',
      request: { params: AccountIdParamsSchema },
      responses: { 200: viewed, ...refusals },
    }),
    async (c) => {
      const { view } = await pensionAccountOf(c, c.req.valid('param').id, { newUse: false });
      return c.json(viewJson(view), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/accounts/{id}/pension',
      summary: 'Save the pension record (the Add/Edit Pension Details dialog)',
      description:
        'Inserts or replaces the record. The protection category follows the scheme type and provider; turning the employer link off clears the employer fields; the account’s bank becomes the provider’s name.',
      request: { params: AccountIdParamsSchema, body: body(RecordBodySchema) },
      responses: { 200: saved, 400: { description: 'VALIDATION_FAILED: the spec’s message' }, ...refusals },
    }),
    async (c) => {
      const { session, tx, view } = await pensionAccountOf(c, c.req.valid('param').id);
      const { providerId, ...fields } = c.req.valid('json');
      const provider = await providerOf(c, view, providerId);
      const values = normalisedRecord(fields);
      await savePensionRecord(tx, session.userId, view.account.id, provider, {
        ...values,
        protectionCategory: pensionProtectionCategory(fields.schemeType, provider.coverageTag as CoverageTag),
      });
      await publishAccountChanged(tx, session.userId, [view.account.id]);
      return c.json(await savedJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/accounts/{id}/pension/provider',
      summary:
        'Change the pension’s provider: creates the record with the defaults if there is none, and sets the account’s bank',
      request: { params: AccountIdParamsSchema, body: body(ProviderBodySchema) },
      responses: { 200: saved, 400: { description: 'VALIDATION_FAILED: the spec’s message' }, ...refusals },
    }),
    async (c) => {
      const { session, tx, view } = await pensionAccountOf(c, c.req.valid('param').id);
      const provider = await providerOf(c, view, c.req.valid('json').providerId);
      const tag = provider.coverageTag as CoverageTag;
      // A first save takes the scheme type from the account type the saver chose (issue 24).
      const firstType = schemeTypeForAccountType(view.account.accountType);
      const schemeType = view.record?.schemeType ?? firstType;
      await savePensionProvider(
        tx,
        session.userId,
        view.account.id,
        provider,
        { schemeType: firstType, protectionCategory: pensionProtectionCategory(firstType, tag) },
        { protectionCategory: pensionProtectionCategory(schemeType, tag) },
      );
      await publishAccountChanged(tx, session.userId, [view.account.id]);
      return c.json(await savedJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/pension/contributions',
      summary: 'Record a tax year’s contributions (replaces that year’s record)',
      request: { params: AccountIdParamsSchema, body: body(ContributionBodySchema) },
      responses: { 200: viewed, 400: { description: `VALIDATION_FAILED: ${PENSION_MESSAGES.taxYear}` }, ...refusals },
    }),
    async (c) => {
      const { session, tx, view } = await pensionAccountOf(c, c.req.valid('param').id);
      const { taxYear, ...amounts } = c.req.valid('json');
      const startYear = parseTaxYearLabel(taxYear);
      if (startYear === null || startYear < EARLIEST_PENSION_TAX_YEAR || startYear > taxYearOf(today()).startYear)
        throw new AppError('VALIDATION_FAILED', PENSION_MESSAGES.taxYear, { field: 'taxYear' });
      await upsertContribution(tx, session.userId, view.account.id, { taxYear: startYear, ...amounts });
      return c.json(await rereadJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/pension/drawdowns',
      summary: 'Record a drawdown event (drawdown income or an UFPLS starts the money purchase annual allowance)',
      request: { params: AccountIdParamsSchema, body: body(DrawdownBodySchema) },
      responses: { 200: viewed, 400: { description: 'VALIDATION_FAILED' }, ...refusals },
    }),
    async (c) => {
      const { session, tx, view } = await pensionAccountOf(c, c.req.valid('param').id);
      const event = c.req.valid('json');
      await insertDrawdown(tx, session.userId, view.account.id, { ...event, notes: event.notes ?? null });
      return c.json(await rereadJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/pension/transfers',
      summary: 'Start a pension transfer (status new, started now)',
      request: { params: AccountIdParamsSchema, body: body(TransferBodySchema) },
      responses: { 200: viewed, ...refusals },
    }),
    async (c) => {
      const { session, tx, view } = await pensionAccountOf(c, c.req.valid('param').id);
      await insertTransfer(tx, session.userId, view.account.id, c.req.valid('json').notes ?? null, deps.clock.now());
      return c.json(await rereadJson(c, view.account.id), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/accounts/{id}/pension/transfers/{transferId}',
      summary: 'Update a transfer’s status: stamps the last update and notes, and completion when complete',
      request: { params: TransferParamsSchema, body: body(TransferStatusBodySchema) },
      responses: {
        200: viewed,
        403: needsBigPig,
        404: { description: `${ACCOUNT_NOT_FOUND}, or ${PENSION_ROUTE_MESSAGES.transferNotFound}` },
        409: notPension,
      },
    }),
    async (c) => {
      const { id, transferId } = c.req.valid('param');
      const { session, tx, view } = await pensionAccountOf(c, id);
      const change = c.req.valid('json');
      const found =
        UUID.test(transferId) &&
        (await updateTransferStatus(tx, session.userId, view.account.id, transferId, change, deps.clock.now()));
      if (!found) throw new AppError('NOT_FOUND', PENSION_ROUTE_MESSAGES.transferNotFound);
      return c.json(await rereadJson(c, view.account.id), 200);
    },
  );

  return app;
}

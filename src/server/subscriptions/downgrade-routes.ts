/**
 * The downgrade wizard's server side (001 §2–§9, issue 17; ADR 0036 "Downgrade and archived
 * accounts"): the analysis of the user's accounts, the downgrade that archives the accounts not
 * kept, the archived list and the user's own restore.
 */
import { changePlan, confirmedInstant, PreviewInstantSchema } from '../billing/routes.ts';
import { sendBillingMail } from '../billing/billing-mail.ts';
import { sql } from 'drizzle-orm';
import { accountCap, accountLimitMessage, canAddAccount } from '../../core/accounts/account-cap.ts';
import {
  analyseAccount,
  checkSelection,
  DOWNGRADE_MESSAGES,
  DOWNGRADE_TIERS,
  type DowngradeAnalysisItem,
  isDowngrade,
  RECOMMENDATIONS,
  WIZARD_ACCOUNT_CAPS,
} from '../../core/subscriptions/downgrade.ts';
import { ACCOUNT_NOT_FOUND, accountIdOf } from '../accounts/account-id.ts';
import {
  archiveAccounts,
  findArchivedAccountForUpdate,
  listArchivedAccounts,
  restoreAccount,
} from '../accounts/archive.ts';
import { accountsContext, lockAccountCreation } from '../accounts/queries.ts';
import { type CalendarDate, calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { balanceColumnsOf, balanceOnDaySql } from '../balance/balance-on-day-sql.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import { afterCommit } from '../http/after-commit.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const accountIds = (field: string) =>
  z
    .array(z.string().regex(ID_SHAPE, `${field} must hold account ids`), `${field} must be a list of account ids`)
    .max(1000);

const ToTierSchema = z.enum(DOWNGRADE_TIERS, 'toTier must be piglet or boar');

export const DowngradeRequestSchema = z.strictObject({
  toTier: ToTierSchema,
  selectedAccountsToKeep: accountIds('selectedAccountsToKeep'),
  selectedAccountsToRemove: accountIds('selectedAccountsToRemove'),
  at: PreviewInstantSchema,
});

const AnalysisItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  balance: z.number().int().openapi({ description: 'Pence' }),
  hasStandingOrders: z.boolean(),
  activityScore: z.number().int().min(0).max(100),
  recommendation: z.enum(RECOMMENDATIONS),
  reasonForRecommendation: z.string(),
});

const ArchivedAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  balancePence: z.number().int(),
  archivedAt: z.string(),
});

/**
 * The user's live accounts with their counts of active standing orders and of transactions,
 * highest balance first: one statement (the counts are correlated subqueries on the account's
 * indexes), whatever the number of accounts.
 */
async function readAnalysisRows(tx: Tx, userId: string, today: CalendarDate) {
  const rows = rowsOf<{ id: string; name: string; balance_pence: string | number; orders: number; txs: number }>(
    await tx.execute(sql`
      select a.id, a.name, ${balanceOnDaySql(balanceColumnsOf('a'), today)} as balance_pence,
        (select count(*)::int from standing_orders o where o.account_id = a.id and o.user_id = ${userId} and o.is_active) as orders,
        (select count(*)::int from transactions t where t.account_id = a.id and t.user_id = ${userId}) as txs
      from accounts a
      where a.user_id = ${userId} and a.archived_at is null
      order by 3 desc, a.created_at, a.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    balancePence: Number(r.balance_pence),
    transactionCount: Number(r.txs),
    hasStandingOrders: Number(r.orders) > 0,
  }));
}

function badRequest(message: string, field?: string): AppError {
  return new AppError('BAD_REQUEST', message, field ? { field } : undefined);
}

export function downgradeRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/subscription/downgrade-analysis',
      summary: "The downgrade wizard's analysis: each live account's activity score and recommendation",
      description:
        'Highest balance first. Score: £balance/1000 capped at 50, transactions/10 capped at 30, 20 with active standing orders, rounded down once; 70+ keep, 40+ consider_removing, else remove; standing orders force keep.',
      request: { query: z.object({ toTier: ToTierSchema }) },
      responses: {
        200: json(
          z.object({ toTier: ToTierSchema, cap: z.number().int(), items: z.array(AnalysisItemSchema) }),
          'The analysis and how many accounts the tier keeps',
        ),
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const { toTier } = c.req.valid('query');
      const items: DowngradeAnalysisItem[] = (
        await readAnalysisRows(txOf(c), session.userId, calendarDateInLondon(deps.clock.now()))
      ).map(analyseAccount);
      return c.json({ toTier, cap: WIZARD_ACCOUNT_CAPS[toTier], items }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/subscription/downgrade',
      summary: 'Downgrade: archives the accounts not kept, in one transaction',
      description:
        "The kept and removed ids must be exactly the user's live accounts, with none in both; 1 to the tier's cap kept (piglet 3, boar 10). Archived accounts are hidden, not deleted, and come back on an upgrade or a restore. The paid subscription moves to the lower plan through the card provider in the same transaction; 409 without a paid subscription, and nothing archived. `at`: the instant of the change-preview (tier, the current cycle) the saver confirmed, so the change charges exactly what they were shown; 400 when it is more than 30 minutes old or in the future, and nothing archived.",
      request: { body: { content: { 'application/json': { schema: DowngradeRequestSchema } }, required: true } },
      responses: {
        200: json(
          z.object({ toTier: ToTierSchema, kept: z.array(z.string()), archived: z.array(ArchivedAccountSchema) }),
          'What was archived',
        ),
        400: { description: 'A bad selection, or figures (`at`) that are out of date: nothing archived' },
        409: { description: 'No paid subscription to move to the lower plan' },
        503: { description: 'The card provider failed: nothing archived' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const { toTier, selectedAccountsToKeep, selectedAccountsToRemove, at } = c.req.valid('json');
      if (!isDowngrade(session.tier, toTier)) throw badRequest(DOWNGRADE_MESSAGES.notLower, 'toTier');
      // The figures the saver confirmed, priced at their preview's instant (refused when stale).
      const instant = confirmedInstant(at, deps.clock.now());
      const keep = selectedAccountsToKeep.map((id) => id.toLowerCase());
      const remove = selectedAccountsToRemove.map((id) => id.toLowerCase());
      const selection = checkSelection(new Set(keep).size, toTier);
      if (!selection.ok) throw badRequest(selection.message, 'selectedAccountsToKeep');
      // No account may be added or restored while this one decides which to archive.
      await lockAccountCreation(tx, session.userId);
      const today = calendarDateInLondon(deps.clock.now());
      const live = new Set((await readAnalysisRows(tx, session.userId, today)).map((a) => a.id));
      const named = [...keep, ...remove];
      const exact =
        named.length === live.size && new Set(named).size === named.length && named.every((id) => live.has(id));
      if (!exact) throw badRequest(DOWNGRADE_MESSAGES.mustCoverAll, 'selectedAccountsToRemove');
      const archived = await archiveAccounts(tx, session.userId, remove, today);
      // The plan change through the card provider, in this transaction: if the provider refuses,
      // nothing is archived. A user with no paid subscription (a trial) gets 409 and keeps everything.
      const cycle = session.subscription?.billingCycle ?? 'monthly';
      const mail = await changePlan(deps, tx, session.userId, { tier: toTier, cycle, at: instant });
      afterCommit(c, () => sendBillingMail(deps, mail));
      return c.json({ toTier, kept: keep, archived }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/archived-accounts',
      summary: "The user's archived accounts (a downgrade's), oldest archive first",
      responses: { 200: json(z.object({ accounts: z.array(ArchivedAccountSchema) }), 'The archived accounts') },
    }),
    async (c) =>
      c.json(
        {
          accounts: await listArchivedAccounts(txOf(c), sessionOf(c).userId, calendarDateInLondon(deps.clock.now())),
        },
        200,
      ),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/restore',
      summary: 'Restore one archived account, if the account cap has room',
      request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
      responses: {
        200: json(z.object({ account: ArchivedAccountSchema }), 'Restored'),
        403: { description: "ACCOUNT_LIMIT_REACHED: the account cap's message" },
        404: { description: 'No such archived account' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const id = accountIdOf(c.req.valid('param').id);
      await lockAccountCreation(tx, session.userId);
      const account = await findArchivedAccountForUpdate(
        tx,
        session.userId,
        id,
        calendarDateInLondon(deps.clock.now()),
      );
      if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const context = await accountsContext(tx, session.userId);
      const cap = accountCap({ tier: session.tier, maxAccounts: context.maxAccounts });
      if (!canAddAccount(context.accountCount, cap))
        throw new AppError('ACCOUNT_LIMIT_REACHED', accountLimitMessage(cap), { max: cap.max, source: cap.source });
      await restoreAccount(tx, session.userId, id);
      return c.json({ account }, 200);
    },
  );

  return app;
}

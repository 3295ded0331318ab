/**
 * The signed-in home (issue 14): `GET /api/dashboard`, everything the dashboard shows in one
 * request (docs/decisions/0026, 0033, 0039): the protection picture (the Hub's, computed by the
 * same code), what is coming up in the next 30 days, the newest transactions across the accounts
 * and the total balance over 12 months. Every plan: what a plan does not include is named in
 * `withheld`, never refused.
 *
 * The request's opening statement (auth/session.ts) reads the user's data version and the
 * reference data's with the session. While they, the UK
 * date and the plan are unchanged (and for at most a minute) the answer kept for them is sent
 * as it was (answer-cache.ts); else three statements sent together read what it shows, plus the
 * balance line's when the server holds no line for the user's current ledger (line-cache.ts).
 */
import { answerKeyOf } from '../kept/answer-cache.ts';
import { sharedProtectionRows } from '../protection/kept-rows.ts';
import { type BalanceSeries, balanceSeriesOf } from '../../core/balance/balance-series.ts';
import { balanceLineFirstPoint, comingUpFrom } from '../../core/dashboard/coming-up.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { displayNotes } from '../../core/transactions/standing-order-marker.ts';
import { TRANSACTION_TYPES, normaliseTransactionType } from '../../core/transactions/transaction-types.ts';
import type { SessionUser } from '../auth/session.ts';
import { readsOf, sessionOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import {
  LicenceGroupSchema,
  OutsideGroupSchema,
  PROTECTION_PICTURE_EXAMPLE,
  type ProtectionPictureJson,
  ProtectionPictureSchema,
  protectionPictureJson,
} from '../protection/picture-json.ts';
import { readUserLineFrom } from '../balance-series/queries.ts';
import { keptAnswers } from '../kept/kept-answers.ts';
import { type LineKey, ledgerFingerprint, sharedLineCache } from './line-cache.ts';
import { TrackingStartSchema } from '../balance-series/routes.ts';
import { type DashboardRows, RECENT_TRANSACTIONS, dashboardRowsOf, readDashboardRows } from './queries.ts';
import { type DashboardExtras, sharedExtras } from './kept-extras.ts';
import { readProtectionRows } from '../protection/queries.ts';

/** What a plan without the Protection Hub does not get on the dashboard. */
export const HUB_ONLY = ['alerts'] as const;

const ComingUpItemSchema = z
  .object({
    kind: z.enum(['standing-order', 'interest', 'maturity', 'temporary-high-balance-ends']),
    date: z.string().openapi({ description: 'yyyy-MM-dd' }),
    accountId: z.string().nullable().openapi({ description: 'Null for a licence’s temporary high balance' }),
    name: z.string().openapi({ description: 'The account’s name, or the licence’s for a temporary high balance' }),
    amountPence: z.number().int().nullable().openapi({
      description:
        'The payment, the extra cover that ends, or what a maturing account holds; null when not known (interest)',
    }),
  })
  .openapi('DashboardComingUpItem');

const RecentTransactionSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    amountPence: z.number().int().openapi({ description: 'Signed: withdrawals and fees are negative' }),
    date: z.string().openapi({ description: 'yyyy-MM-dd' }),
    type: z.enum(TRANSACTION_TYPES),
    notes: z.string().nullable().openapi({ description: "As shown: a standing order's marker is removed" }),
  })
  .openapi('DashboardTransaction');

/**
 * The Hub's picture as the dashboard shows it: licences and money outside the limits, without
 * each one's account lines (the dashboard lists licences, not accounts; the lines were half the
 * answer). The figures are the Hub's.
 */
const DashboardPictureSchema = ProtectionPictureSchema.extend({
  groups: z.array(LicenceGroupSchema.omit({ accounts: true })),
  outside: z.array(OutsideGroupSchema.omit({ accounts: true })),
});

type DashboardPicture = z.infer<typeof DashboardPictureSchema>;

/** Each fixed-term account's maturity facts with its type and balance, from the accounts read. */
function maturitiesOf(rows: DashboardRows) {
  const items = new Map(rows.accounts.rows.map(({ item }) => [item.id, item]));
  return rows.maturities.flatMap((m) => {
    const item = items.get(m.accountId);
    return item ? [{ ...m, accountType: item.accountType, balancePence: item.balancePence }] : [];
  });
}

function withoutAccountLines(picture: ProtectionPictureJson): DashboardPicture {
  return {
    ...picture,
    groups: picture.groups.map(({ accounts: _lines, ...group }) => group),
    outside: picture.outside.map(({ accounts: _lines, ...group }) => group),
  };
}

export const DashboardSchema = z
  .object({
    date: z.string().openapi({ description: 'The UK date the dashboard is for (yyyy-MM-dd)' }),
    accountCount: z.number().int().openapi({ description: 'How many accounts the user has (0: a new user)' }),
    protection: DashboardPictureSchema.openapi({
      description:
        "The picture GET /api/protection answers without each group's account lines, and for its alerts only those not dismissed; when the plan has no Protection Hub only money over a limit, never dismissed (see 'withheld')",
    }),
    withheld: z.array(z.enum(HUB_ONLY)).openapi({
      description: 'What this plan does not include (the Protection Hub’s alerts short of over a limit need Big Pig)',
    }),
    comingUp: z.object({
      from: z.string(),
      to: z.string().openapi({ description: 'Today and the next 30 days, both included' }),
      items: z.array(ComingUpItemSchema).openapi({ description: 'Soonest first, at most 20' }),
      moreCount: z.number().int().openapi({ description: 'How many more fall in the window' }),
    }),
    recentTransactions: z
      .array(RecentTransactionSchema)
      .openapi({ description: `The newest ${RECENT_TRANSACTIONS} across the accounts, newest first` }),
    balanceLine: z.object({
      granularity: z.enum(['day', 'month']),
      points: z.array(z.object({ date: z.string(), balancePence: z.number().int() })).openapi({
        description:
          'The total of the accounts over the last 12 months (from the first entry if later, and from the latest account’s first entry when that is later still)',
      }),
      trackingStart: TrackingStartSchema,
    }),
  })
  .openapi('Dashboard', {
    example: {
      date: '2026-11-22',
      accountCount: 4,
      protection: withoutAccountLines(PROTECTION_PICTURE_EXAMPLE as ProtectionPictureJson),
      withheld: [],
      comingUp: {
        from: '2026-11-22',
        to: '2026-12-22',
        items: [
          { kind: 'standing-order', date: '2026-12-01', accountId: 'a1', name: 'Halifax saver', amountPence: 250_00 },
          { kind: 'interest', date: '2026-12-01', accountId: 'a2', name: 'BoS saver', amountPence: null },
        ],
        moreCount: 0,
      },
      recentTransactions: [
        {
          id: 't1',
          accountId: 'a1',
          accountName: 'Halifax saver',
          amountPence: 250_00,
          date: '2026-11-01',
          type: 'deposit',
          notes: 'Standing order',
        },
      ],
      balanceLine: {
        granularity: 'month',
        points: [
          { date: '2025-11-30', balancePence: 190_000_00 },
          { date: '2026-11-22', balancePence: 200_000_00 },
        ],
      },
    },
  });

export type DashboardJson = z.infer<typeof DashboardSchema>;

export type DashboardOptions = {
  /**
   * False: every request reads and computes its answer, the balance line too (the oracle the
   * tests hold the kept answers to). Default true.
   */
  keepAnswers?: boolean;
};

export function dashboardRoutes(deps: Deps, { keepAnswers = true }: DashboardOptions = {}) {
  const app = createRouter();
  const lines = keepAnswers ? sharedLineCache : null;
  const kept = keptAnswers(keepAnswers);

  /**
   * What the dashboard reads: its three statements sent together with COMMIT, then, when the
   * server keeps no line for this ledger, the 12-month line's in a transaction of its own, sent
   * with its COMMIT too, so the database never waits for this thread inside either.
   */
  async function readDashboard(reads: ReturnType<typeof readsOf>, session: SessionUser, now: Date, today: string) {
    const { userId } = session;
    const lineFrom = balanceLineFirstPoint(today);
    // The protection rows the list or the Hub kept for the same versions are not read again, nor
    // the extras kept for them or carried through this server's adds since (kept-extras.ts).
    const rowsKey = keepAnswers ? answerKeyOf(session, today) : null;
    const keptRows = rowsKey ? sharedProtectionRows.get(userId, rowsKey, now) : undefined;
    let keptExtras: DashboardExtras | undefined;
    let rows: DashboardRows | undefined;
    if (rowsKey && sharedExtras.has(userId, rowsKey, now)) {
      const protection = keptRows ?? (await reads((tx) => readProtectionRows(tx, userId, today), { atOnce: true }));
      const nameOf = (id: string) => protection.accounts.rows.find((r) => r.item.id === id)?.item.name;
      keptExtras = sharedExtras.get(userId, rowsKey, now, nameOf);
      if (keptExtras) rows = dashboardRowsOf(protection, keptExtras);
    }
    rows ??= await reads((tx) => readDashboardRows(tx, userId, today, keptRows), { atOnce: true });
    if (rowsKey && !keptRows)
      sharedProtectionRows.set(userId, rowsKey, { accounts: rows.accounts, dismissals: rows.dismissals }, now);
    if (rowsKey && !keptExtras) {
      const { maturities, interest, orders, recent } = rows;
      sharedExtras.set(userId, rowsKey, { maturities, interest, orders, recent }, now);
    }
    const lineKey: LineKey = { today, lineFrom, ledger: rows.ledger };
    const keptLine = lines?.get(userId, lineKey);
    const lineData = keptLine
      ? null
      : await reads((tx) => readUserLineFrom(tx, { userId, today, lineFrom }), { atOnce: true });
    return { rows, lineKey, keptLine, lineData };
  }

  /**
   * The 12-month line: the one kept for this ledger, else walked from what was read, and kept
   * under the versions its own statement saw (a write may commit between the accounts statement
   * and the line's; the line must never be kept under versions it does not include).
   */
  function lineOf(userId: string, read: Awaited<ReturnType<typeof readDashboard>>): BalanceSeries {
    if (read.keptLine) return read.keptLine;
    const data = read.lineData!;
    const line = balanceSeriesOf(data.accounts, read.lineKey.today, data.bounds, data.starts ?? []);
    const key = { ...read.lineKey, ledger: ledgerFingerprint(data.versions) };
    lines?.set(userId, key, line, { versions: data.versions, lastEntry: data.lastEntry });
    return line;
  }

  /** Everything the dashboard shows, read and computed. */
  async function dashboardOf(
    reads: ReturnType<typeof readsOf>,
    session: SessionUser,
    now: Date,
    today: string,
  ): Promise<DashboardJson> {
    const read = await readDashboard(reads, session, now, today);
    const { rows } = read;
    const balanceLine = lineOf(session.userId, read);
    const picture = protectionPictureJson(rows, today, now);
    const hasHub = session.features.protectionHub;
    return {
      date: today,
      accountCount: rows.accounts.rows.length,
      protection: {
        ...withoutAccountLines(picture),
        // Without the Hub, money over a limit is still said plainly (never "nothing to see"); the
        // closer alerts and dismissing them are the Hub's.
        alerts: hasHub
          ? picture.alerts.filter((alert) => alert.dismissedUntil === null)
          : picture.alerts
              .filter((alert) => alert.level === 'over-limit')
              .map((alert) => ({ ...alert, dismissedUntil: null })),
      },
      withheld: hasHub ? [] : [...HUB_ONLY],
      comingUp: comingUpFrom(
        {
          accountNames: new Map(rows.accounts.rows.map(({ item }) => [item.id, item.name])),
          interest: rows.interest,
          orders: rows.orders,
          maturities: maturitiesOf(rows),
          temporaryHighBalances: picture.groups.flatMap((group) =>
            group.temporaryHighBalance ? [{ name: group.name, ...group.temporaryHighBalance }] : [],
          ),
        },
        today,
      ),
      recentTransactions: rows.recent.map((row) => ({
        ...row,
        type: normaliseTransactionType(row.type),
        notes: displayNotes(row.notes),
      })),
      balanceLine,
    };
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      frame: 'on-demand',
      path: '/api/dashboard',
      summary:
        "The signed-in user's home in one request: the protection picture, what is coming up in 30 days, the newest transactions and the total balance over 12 months",
      description:
        'No statement of its own while nothing the answer shows has changed (the answer kept for the user’s data version, read with the session, is sent); else three sent together, however many accounts and transactions (one when the accounts list or the Hub read the accounts and dismissals for the same versions), and the balance line’s when its transactions changed since it was last read. Every plan; what a plan does not include is named in `withheld`.',
      responses: {
        200: { description: 'The dashboard', content: { 'application/json': { schema: DashboardSchema } } },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const now = deps.clock.now();
      const today = calendarDateInLondon(now);
      // The key is read by the request's opening statement, before anything the answer shows, so
      // what is read next is at least as new as the key.
      return kept(c, { session, now, today }, () => dashboardOf(readsOf(c), session, now, today));
    },
  );

  return app;
}

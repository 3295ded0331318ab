/**
 * Standing order rows (001 §7 "Standing orders"). Every query names the signed-in user's id as
 * well as row-level security binding it: an admin's request sees every row through RLS, and
 * "my standing orders" must still mean the caller's own.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { StandingOrderInput } from '../../core/standing-orders/standing-order-form.ts';
import { STANDING_ORDER_PAYEE } from '../../core/standing-orders/payment-notes.ts';
import type { Tx } from '../db/client.ts';
import { accounts, isLiveAccount, isOrderInLiveAccount, standingOrders, transactions } from '../db/schema/index.ts';

/** A standing order with what its payments so far say about it. */
const columns = {
  id: standingOrders.id,
  accountId: standingOrders.accountId,
  payeeName: standingOrders.payeeName,
  amountPence: standingOrders.amountPence,
  frequency: standingOrders.frequency,
  startDate: standingOrders.startDate,
  endDate: standingOrders.endDate,
  paymentDay: standingOrders.paymentDay,
  maxPayments: standingOrders.maxPayments,
  firstPaymentAmountPence: standingOrders.firstPaymentAmountPence,
  isActive: standingOrders.isActive,
  notes: standingOrders.notes,
  createdAt: standingOrders.createdAt,
  updatedAt: standingOrders.updatedAt,
  // The unique (standing_order_id, occurrence_date) index answers both from the index alone.
  // The outer column is spelt out: drizzle leaves columns of a one-table select unqualified, and
  // a bare "id" here would mean the subquery's own t.id.
  paymentsMade:
    sql<number>`(select count(*) from ${transactions} t where t.standing_order_id = "standing_orders"."id")::int`.as(
      'payments_made',
    ),
  lastPaymentDate: sql<
    string | null
  >`(select max(t.occurrence_date) from ${transactions} t where t.standing_order_id = "standing_orders"."id")::text`.as(
    'last_payment_date',
  ),
};

export type StandingOrderRow = {
  id: string;
  accountId: string;
  payeeName: string;
  amountPence: number;
  frequency: StandingOrderInput['frequency'];
  startDate: string;
  endDate: string | null;
  paymentDay: number | null;
  maxPayments: number | null;
  firstPaymentAmountPence: number | null;
  isActive: boolean;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  paymentsMade: number;
  lastPaymentDate: string | null;
};

const toRow = (row: Record<string, unknown>): StandingOrderRow => {
  const r = row as StandingOrderRow;
  // bigint columns arrive as numbers on PostgreSQL (db/client.ts) and may not on PGlite.
  return {
    ...r,
    amountPence: Number(r.amountPence),
    firstPaymentAmountPence: r.firstPaymentAmountPence === null ? null : Number(r.firstPaymentAmountPence),
    paymentsMade: Number(r.paymentsMade),
  };
};

/** Whether the user owns the account (the caller answers 404 when not). */
export async function ownsAccount(
  tx: Tx,
  { userId, accountId }: { userId: string; accountId: string },
): Promise<boolean> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isLiveAccount));
  return rows.length > 0;
}

/** The account's standing orders, newest first. */
export async function listStandingOrders(
  tx: Tx,
  { userId, accountId }: { userId: string; accountId: string },
): Promise<StandingOrderRow[]> {
  const rows = await tx
    .select(columns)
    .from(standingOrders)
    .where(and(eq(standingOrders.accountId, accountId), eq(standingOrders.userId, userId), isOrderInLiveAccount))
    .orderBy(desc(standingOrders.createdAt), desc(standingOrders.id));
  return rows.map(toRow);
}

/** One of the user's standing orders, or null. */
export async function findStandingOrder(
  tx: Tx,
  { userId, id }: { userId: string; id: string },
): Promise<StandingOrderRow | null> {
  const [row] = await tx
    .select(columns)
    .from(standingOrders)
    .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId), isOrderInLiveAccount));
  return row ? toRow(row) : null;
}

export async function insertStandingOrder(
  tx: Tx,
  { userId, accountId, input }: { userId: string; accountId: string; input: StandingOrderInput },
): Promise<string> {
  const [row] = await tx
    .insert(standingOrders)
    .values({ ...input, accountId, userId, payeeName: STANDING_ORDER_PAYEE })
    .returning({ id: standingOrders.id });
  return row!.id;
}

/** Saves the whole form; returns the order's account, or null when the user has no such order. */
export async function updateStandingOrder(
  tx: Tx,
  { userId, id, input }: { userId: string; id: string; input: StandingOrderInput },
): Promise<string | null> {
  const [row] = await tx
    .update(standingOrders)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId), isOrderInLiveAccount))
    .returning({ accountId: standingOrders.accountId });
  return row?.accountId ?? null;
}

/**
 * Deletes the order; its payments stay (the balance is what happened), with their order link
 * cleared by the foreign key. Returns the order's account, or null when the user has no such order.
 */
export async function deleteStandingOrder(
  tx: Tx,
  { userId, id }: { userId: string; id: string },
): Promise<string | null> {
  const [row] = await tx
    .delete(standingOrders)
    .where(and(eq(standingOrders.id, id), eq(standingOrders.userId, userId), isOrderInLiveAccount))
    .returning({ accountId: standingOrders.accountId });
  return row?.accountId ?? null;
}

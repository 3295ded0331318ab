/**
 * An account's standing orders (001 §2 Standing Orders card, §7): list, add, edit, delete, and
 * 'Process Now'. Each write tells the owner's open tabs through `publishAccountChanged`.
 */
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { calendarDateSchema } from '../../core/dates/calendar-date-schema.ts';
import { nextPaymentDate, STANDING_ORDER_FREQUENCIES, unpaidDueCount } from '../../core/standing-orders/schedule.ts';
import {
  checkStandingOrder,
  MAX_NOTES_LENGTH,
  MAX_NUMBER_OF_PAYMENTS,
  MAX_STANDING_ORDER_PENCE,
  STANDING_ORDER_MESSAGES as M,
  type StandingOrderInput,
} from '../../core/standing-orders/standing-order-form.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { processAccount } from './processing.ts';
import {
  deleteStandingOrder,
  findStandingOrder,
  insertStandingOrder,
  listStandingOrders,
  ownsAccount,
  type StandingOrderRow,
  updateStandingOrder,
} from './queries.ts';

const ACCOUNT_NOT_FOUND = 'Account not found';
const ORDER_NOT_FOUND = 'Standing order not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not an id names nothing: 404, as for someone else's (never a database error). */
function idOrNotFound(id: string, message: string): string {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', message);
  return id;
}

// Not a number: the field's message; £0 or less: the one amount rule's (docs/decisions/0024).
const pence = (message: string) =>
  z.number(message).int(message).positive(M.notPositive).max(MAX_STANDING_ORDER_PENCE, message);

export const StandingOrderInputSchema = z
  .strictObject({
    amountPence: pence(M.amount),
    frequency: z.enum(STANDING_ORDER_FREQUENCIES, M.frequency),
    startDate: calendarDateSchema(M.startDate),
    endDate: calendarDateSchema(M.endDate).nullable().default(null),
    paymentDay: z
      .number(M.paymentDay)
      .int(M.paymentDay)
      .min(1, M.paymentDay)
      .max(28, M.paymentDay)
      .nullable()
      .default(null),
    maxPayments: z
      .number(M.maxPayments)
      .int(M.maxPayments)
      .positive(M.maxPayments)
      .max(MAX_NUMBER_OF_PAYMENTS, M.maxPayments)
      .nullable()
      .default(null),
    firstPaymentAmountPence: pence(M.firstPaymentAmount).nullable().default(null),
    notes: z.string().max(MAX_NOTES_LENGTH, M.notes).nullable().default(null),
    isActive: z.boolean('Active must be true or false').default(true),
  })
  // The rules across fields (end after start, one way to end) are core's, as the form's are.
  .superRefine((value, ctx) => {
    const checked = checkStandingOrder(value as StandingOrderInput);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: [checked.field], message: checked.message });
  })
  .openapi('StandingOrderInput');

export const StandingOrderSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    payeeName: z.string(),
    amountPence: z.number().int(),
    frequency: z.enum(STANDING_ORDER_FREQUENCIES),
    startDate: z.string(),
    endDate: z.string().nullable(),
    paymentDay: z.number().int().nullable(),
    maxPayments: z.number().int().nullable(),
    firstPaymentAmountPence: z.number().int().nullable(),
    isActive: z.boolean(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Payments this order has made so far. */
    paymentsMade: z.number().int(),
    lastPaymentDate: z.string().nullable(),
    /**
     * The earliest payment not yet made: on or before today (UK) when payments are due and not yet
     * made ('Process Now' or the hourly run adds them); null when the order is paused or every
     * payment it allows is made.
     */
    nextPaymentDate: z.string().nullable(),
    /** How many payments are due by today (UK) and not yet made; 0 when paused. */
    paymentsDue: z.number().int(),
  })
  .openapi('StandingOrder');

export type StandingOrderJson = z.infer<typeof StandingOrderSchema>;

const ProcessResultSchema = z
  .object({ processed: z.number().int(), warnings: z.array(z.string()) })
  .openapi('StandingOrderProcessResult');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const notFound = { 404: { description: 'No such account or standing order of yours' } };
const accountParams = z.object({ id: z.string() });

function toJson(row: StandingOrderRow, today: string): StandingOrderJson {
  const { createdAt, updatedAt, ...rest } = row;
  const paid = { lastPaidDate: row.lastPaymentDate };
  return {
    ...rest,
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
    nextPaymentDate: row.isActive ? nextPaymentDate(row, paid) : null,
    paymentsDue: row.isActive ? unpaidDueCount(row, { ...paid, today }) : 0,
  };
}

export function standingOrderRoutes(deps: Deps) {
  const app = createRouter();
  const today = () => calendarDateInLondon(deps.clock.now());

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/accounts/{id}/standing-orders',
      summary: "An account's standing orders, newest first, with each one's next payment date",
      request: { params: accountParams },
      responses: {
        200: json(z.object({ standingOrders: z.array(StandingOrderSchema) }), 'Standing orders'),
        ...notFound,
      },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const accountId = idOrNotFound(c.req.valid('param').id, ACCOUNT_NOT_FOUND);
      const rows = await listStandingOrders(tx, { userId, accountId });
      if (rows.length === 0 && !(await ownsAccount(tx, { userId, accountId })))
        throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const day = today();
      return c.json({ standingOrders: rows.map((row) => toJson(row, day)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/standing-orders',
      summary: 'Add a standing order (a recurring deposit) to an account',
      request: {
        params: accountParams,
        body: { content: { 'application/json': { schema: StandingOrderInputSchema } }, required: true },
      },
      responses: { 201: json(z.object({ standingOrder: StandingOrderSchema }), 'The new standing order'), ...notFound },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const accountId = idOrNotFound(c.req.valid('param').id, ACCOUNT_NOT_FOUND);
      if (!(await ownsAccount(tx, { userId, accountId }))) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const checked = checkStandingOrder(c.req.valid('json') as StandingOrderInput);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, { field: checked.field });
      const id = await insertStandingOrder(tx, { userId, accountId, input: checked.input });
      await publishAccountChanged(tx, userId, [accountId]);
      const row = await findStandingOrder(tx, { userId, id });
      return c.json({ standingOrder: toJson(row!, today()) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/standing-orders/{id}',
      summary: 'Save a standing order (the whole form); payments already made stay as they are',
      request: {
        params: z.object({ id: z.string() }),
        body: { content: { 'application/json': { schema: StandingOrderInputSchema } }, required: true },
      },
      responses: {
        200: json(z.object({ standingOrder: StandingOrderSchema }), 'The saved standing order'),
        ...notFound,
      },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const id = idOrNotFound(c.req.valid('param').id, ORDER_NOT_FOUND);
      const checked = checkStandingOrder(c.req.valid('json') as StandingOrderInput);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, { field: checked.field });
      const accountId = await updateStandingOrder(tx, { userId, id, input: checked.input });
      if (accountId === null) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      await publishAccountChanged(tx, userId, [accountId]);
      const row = await findStandingOrder(tx, { userId, id });
      return c.json({ standingOrder: toJson(row!, today()) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/standing-orders/{id}',
      summary: 'Delete a standing order; the payments it made stay on the account',
      request: { params: z.object({ id: z.string() }) },
      responses: { 204: { description: 'Deleted' }, ...notFound },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const id = idOrNotFound(c.req.valid('param').id, ORDER_NOT_FOUND);
      const accountId = await deleteStandingOrder(tx, { userId, id });
      if (accountId === null) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      await publishAccountChanged(tx, userId, [accountId]);
      return c.body(null, 204);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/standing-orders/process',
      summary:
        "'Process Now': add every payment due up to today that is not yet made (at most 50 per order), each exactly once",
      request: { params: accountParams },
      responses: {
        200: json(ProcessResultSchema, 'How many payments this call added, and a warning per order that hit the cap'),
        ...notFound,
      },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const accountId = idOrNotFound(c.req.valid('param').id, ACCOUNT_NOT_FOUND);
      const result = await processAccount(txOf(c), { userId, accountId, today: today() });
      if (result === null) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      return c.json(result, 200);
    },
  );

  return app;
}

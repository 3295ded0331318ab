/**
 * An account's terms (001 §2 Terms and Conditions card, §3 account_terms, §7 "Terms"): list with
 * each term's status, add, edit, the notifications switch, Mark deposited and delete. Owner only
 * (the queries name the user; row-level security is the second wall). The dialog's check is
 * core's `checkTerm` (docs/decisions/0028); a refusal is a 400 with its message, and nothing is
 * written. Account terms are a Big Pig feature (a trial counts), behind the same check as the
 * Protection Hub. Each write tells the owner's open tabs, which refetch the account's terms.
 */
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import { type CalendarDate, calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { markDepositedEvent } from '../../core/terms/events.ts';
import { checkTerm, readStoredInputs, TERM_MESSAGES, type TermFields } from '../../core/terms/term-schema.ts';
import { type TermType, termTypesFor } from '../../core/terms/templates.ts';
import { FEATURE_LABELS, FEATURE_TIERS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { requireFeature } from '../http/require-tier.ts';
import type { Context } from 'hono';
import type { Tx } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { publish } from '../realtime/hub.ts';
import {
  appendTermEvent,
  deleteTerm,
  findAccountType,
  findTermForWrite,
  insertTerm,
  readAccountTerms,
  setTermNotifications,
  updateTerm,
} from './queries.ts';
import { TermSchema, type TermJson, termsJson, trackedFromOf, transactionsSince } from './term-json.ts';

export const TERMS_MESSAGES = {
  notInPlan: tierRequiredMessage(FEATURE_LABELS.accountTerms, FEATURE_TIERS.accountTerms),
  accountNotFound: 'Account not found',
  termNotFound: 'Term not found',
  typeNotOffered: 'This term type is not offered for this kind of account: choose another',
  notMinimumDeposit: 'Only a minimum deposit term can be marked deposited',
  notificationsSwitch: 'Say whether notifications are on (true or false)',
} as const;

/** The web app's key for an account's terms: under the account's key, so a change to its transactions refreshes them. */
export const termsQueryKey = (accountId: string) => ['me', 'account', accountId, 'terms'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not an id names nothing: 404, as for someone else's (never a database error). */
function idOrNotFound(id: string, message: string): string {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', message);
  return id;
}

/**
 * The Add/Edit dialog as sent. Loose on purpose: core's `checkTerm` is the one check (its
 * messages, every field of every template), so this only documents the shape.
 */
const TermDraftSchema = z
  .looseObject({
    termType: z.string(TERM_MESSAGES.termType),
    label: z.string().nullable().optional(),
    inputs: z.record(z.string(), z.unknown()).optional(),
    notes: z.string().nullable().optional(),
    notificationsEnabled: z.boolean(TERM_MESSAGES.yesNo).optional(),
  })
  .openapi('AccountTermDraft', {
    example: {
      termType: 'withdrawal_limit',
      label: 'Three withdrawals a year',
      inputs: { maxWithdrawals: 3, period: 'calendar_year', penalty: "90 days' interest" },
      notes: 'From the key facts document',
      notificationsEnabled: true,
    },
  });

const NotificationsSchema = z
  .strictObject({ notificationsEnabled: z.boolean(TERMS_MESSAGES.notificationsSwitch) })
  .openapi('AccountTermNotifications', { example: { notificationsEnabled: false } });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const refused = { 403: { description: 'FORBIDDEN: the plan has no account terms' } };
const notFound = { 404: { description: 'No such account or term of yours' } };
const idParams = z.object({ id: z.string() });
const draftBody = { content: { 'application/json': { schema: TermDraftSchema } }, required: true } as const;
const OneTermSchema = z.object({ term: TermSchema });

/** The dialog's check, or a 400 naming the first problem (every problem in `details.issues`). */
function checked(draft: unknown, today: CalendarDate): TermFields {
  const result = checkTerm(draft, today);
  if (result.ok) return result.term;
  const [first] = result.issues;
  throw new AppError('VALIDATION_FAILED', first?.message ?? TERM_MESSAGES.termType, {
    field: first?.path || undefined,
    issues: result.issues,
  });
}

function assertOffered(termType: TermType, accountType: string): void {
  if (!termTypesFor(accountTypeCategory(accountType)).includes(termType))
    throw new AppError('VALIDATION_FAILED', TERMS_MESSAGES.typeNotOffered, { field: 'termType' });
}

/**
 * Every route's opening: the signed-in user, the request transaction and the path's id (one that
 * is not an id names nothing: `notFound`). New use needs a plan with terms; reading and removing what a
 * lapsed user stored does not (ADR 0036); every plan includes terms (ADR 0045).
 */
function caller(
  c: Context<AppEnv>,
  rawId: string,
  notFound: string,
  { newUse = true }: { newUse?: boolean } = {},
): { userId: string; tx: Tx; id: string } {
  const session = sessionOf(c);
  if (newUse) requireFeature(session, 'accountTerms', TERMS_MESSAGES.notInPlan);
  return { userId: session.userId, tx: txOf(c), id: idOrNotFound(rawId, notFound) };
}

/** The user's term, locked for the write, with its account's type; 404 when there is none. */
async function termToWrite(tx: Tx, userId: string, id: string) {
  const current = await findTermForWrite(tx, { userId, id });
  if (current === null) throw new AppError('NOT_FOUND', TERMS_MESSAGES.termNotFound);
  return current;
}

async function publishTermsChanged(tx: Tx, userId: string, accountId: string): Promise<void> {
  await publish(tx, {
    type: 'account.terms-changed',
    userId,
    invalidate: [[...termsQueryKey(accountId)]],
    data: { accountId },
  });
}

export function termRoutes(deps: Deps) {
  const app = createRouter();
  const today = () => calendarDateInLondon(deps.clock.now());

  /** The account's terms, evaluated on `day`; 404 when the user has no such account. */
  async function listTerms(tx: Tx, userId: string, accountId: string, day: CalendarDate): Promise<TermJson[]> {
    const read = await readAccountTerms(tx, { userId, accountId, since: transactionsSince(day), today: day });
    if (read === null) throw new AppError('NOT_FOUND', TERMS_MESSAGES.accountNotFound);
    return termsJson(read, day);
  }

  /** One term as the list shows it, after a write. */
  async function oneTerm(tx: Tx, userId: string, accountId: string, id: string, day: CalendarDate) {
    const term = (await listTerms(tx, userId, accountId, day)).find((t) => t.id === id);
    if (!term) throw new AppError('NOT_FOUND', TERMS_MESSAGES.termNotFound);
    return term;
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/accounts/{id}/terms',
      summary: "An account's terms, oldest first, each with its status, insight badges, alerts and last 3 events",
      description:
        "One statement however many terms: the account, its terms and the deposits and withdrawals their periods need. Statuses are worked out on today's UK date. Open whatever the plan, so a lapsed user still reads what they stored; the writes need Big Pig (a trial counts).",
      request: { params: idParams },
      responses: { 200: json(z.object({ terms: z.array(TermSchema) }), 'The terms'), ...refused, ...notFound },
    }),
    async (c) => {
      const {
        userId,
        tx,
        id: accountId,
      } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.accountNotFound, {
        newUse: false,
      });
      return c.json({ terms: await listTerms(tx, userId, accountId, today()) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/terms',
      summary: 'Add a term to an account (the Add Term dialog)',
      description:
        "Checked by core's checkTerm: the type must be one offered for the account's kind, required fields filled, each value of its field's kind. Blank and hidden fields are dropped; a blank label takes the type's name.",
      request: { params: idParams, body: draftBody },
      responses: { 201: json(OneTermSchema, 'The new term, evaluated'), ...refused, ...notFound },
    }),
    async (c) => {
      const { userId, tx, id: accountId } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.accountNotFound);
      const accountType = await findAccountType(tx, { userId, accountId });
      if (accountType === null) throw new AppError('NOT_FOUND', TERMS_MESSAGES.accountNotFound);
      const day = today();
      const term = checked(c.req.valid('json'), day);
      assertOffered(term.termType, accountType);
      const id = await insertTerm(tx, { userId, accountId, term, trackedFrom: trackedFromOf(term), savedOn: day });
      await publishTermsChanged(tx, userId, accountId);
      return c.json({ term: await oneTerm(tx, userId, accountId, id, day) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'put',
      path: '/api/terms/{id}',
      summary: 'Save a term (the Edit Term dialog); its events stay',
      description:
        'The same check as adding. The type may change to another offered for the account; the term keeps its type if the account’s kind no longer offers it.',
      request: { params: idParams, body: draftBody },
      responses: { 200: json(OneTermSchema, 'The saved term, evaluated'), ...refused, ...notFound },
    }),
    async (c) => {
      const { userId, tx, id } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.termNotFound);
      const current = await termToWrite(tx, userId, id);
      const day = today();
      const term = checked(c.req.valid('json'), day);
      if (term.termType !== current.termType) assertOffered(term.termType, current.accountType);
      await updateTerm(tx, { userId, id, term, trackedFrom: trackedFromOf(term), savedOn: day });
      await publishTermsChanged(tx, userId, current.accountId);
      return c.json({ term: await oneTerm(tx, userId, current.accountId, id, day) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/terms/{id}',
      summary: "The term's notifications switch ('Enable notifications for this term')",
      request: {
        params: idParams,
        body: { content: { 'application/json': { schema: NotificationsSchema } }, required: true },
      },
      responses: { 200: json(OneTermSchema, 'The term, evaluated'), ...refused, ...notFound },
    }),
    async (c) => {
      const { userId, tx, id } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.termNotFound);
      const enabled = c.req.valid('json').notificationsEnabled;
      const accountId = await setTermNotifications(tx, { userId, id, enabled });
      if (accountId === null) throw new AppError('NOT_FOUND', TERMS_MESSAGES.termNotFound);
      await publishTermsChanged(tx, userId, accountId);
      return c.json({ term: await oneTerm(tx, userId, accountId, id, today()) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/terms/{id}/mark-deposited',
      summary:
        "'Mark deposited' on a minimum deposit term: adds the event {deposit, today, the term's amount, 'Monthly deposit logged'}",
      request: { params: idParams },
      responses: { 200: json(OneTermSchema, 'The term with the deposit logged, evaluated'), ...refused, ...notFound },
    }),
    async (c) => {
      const { userId, tx, id } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.termNotFound);
      const current = await termToWrite(tx, userId, id);
      if (current.termType !== 'minimum_deposit')
        throw new AppError('VALIDATION_FAILED', TERMS_MESSAGES.notMinimumDeposit);
      const day = today();
      const event = markDepositedEvent(readStoredInputs('minimum_deposit', current.inputs, day), day);
      await appendTermEvent(tx, { userId, id, event });
      await publishTermsChanged(tx, userId, current.accountId);
      return c.json({ term: await oneTerm(tx, userId, current.accountId, id, day) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/terms/{id}',
      summary: 'Delete a term and all its tracking data',
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...refused, ...notFound },
    }),
    async (c) => {
      const { userId, tx, id } = caller(c, c.req.valid('param').id, TERMS_MESSAGES.termNotFound, { newUse: false });
      const accountId = await deleteTerm(tx, { userId, id });
      if (accountId === null) throw new AppError('NOT_FOUND', TERMS_MESSAGES.termNotFound);
      await publishTermsChanged(tx, userId, accountId);
      return c.body(null, 204);
    },
  );

  return app;
}

/**
 * Account types (001 §3–§8): every signed-in user reads the active list for the type selectors;
 * admins (with two-factor on) add, rename, retire and reorder them.
 */
import { txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import {
  ACCOUNT_TYPE_MESSAGES,
  addAccountType,
  listAccountTypesWithUse,
  listActiveAccountTypes,
  reorderAccountTypes,
  retireAccountType,
  updateAccountType,
} from './queries.ts';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
/** More than any admin keeps; a bound on the order body. */
export const ORDER_MAX = 500;

const AccountTypeSchema = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), sortOrder: z.number().int() })
  .openapi('AccountType');

const AdminAccountTypeSchema = AccountTypeSchema.extend({
  accountCount: z.number().int().openapi({ description: "How many accounts (every user's) use this type" }),
}).openapi('AdminAccountType');

/** Name required and trimmed; description trimmed, blank becomes null (001 §5). */
const AccountTypeInputSchema = z
  .object({
    name: z
      .string(ACCOUNT_TYPE_MESSAGES.nameRequired)
      .trim()
      .min(1, ACCOUNT_TYPE_MESSAGES.nameRequired)
      .max(NAME_MAX, `Account type name must be ${NAME_MAX} characters or fewer`),
    description: z
      .string('Description must be text')
      .trim()
      .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or fewer`)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .openapi('AccountTypeInput');

const uuid = (message: string) => z.uuid(message);
const IdParams = z.object({ id: uuid(ACCOUNT_TYPE_MESSAGES.notFound).openapi({ param: { name: 'id', in: 'path' } }) });

const OrderSchema = z
  .object({
    ids: z
      .array(uuid('Each id must be an account type id'), 'ids must be a list of account type ids')
      .min(1, 'The order needs at least one account type')
      .max(ORDER_MAX, `At most ${ORDER_MAX} account types`)
      .refine((ids) => new Set(ids).size === ids.length, 'An account type appears twice in the order'),
  })
  .openapi('AccountTypeOrder');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export function accountTypeRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/account-types',
      summary: 'Active account types, by sort order then name (for the account type selectors)',
      responses: { 200: json(z.object({ accountTypes: z.array(AccountTypeSchema) }), 'Active account types') },
    }),
    async (c) => c.json({ accountTypes: await listActiveAccountTypes(txOf(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/account-types',
      summary: 'Active account types in order, each with how many accounts use it',
      responses: { 200: json(z.object({ accountTypes: z.array(AdminAccountTypeSchema) }), 'Active account types') },
    }),
    async (c) => c.json({ accountTypes: await listAccountTypesWithUse(txOf(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      adminRefusal: ACCOUNT_TYPE_MESSAGES.adminsOnly,
      method: 'post',
      path: '/api/admin/account-types',
      summary: 'Add an account type (placed last: sort order 999)',
      request: body(AccountTypeInputSchema),
      responses: {
        201: json(z.object({ accountType: AdminAccountTypeSchema }), 'The new type'),
        409: json(z.object({}), ACCOUNT_TYPE_MESSAGES.duplicate),
      },
    }),
    async (c) => c.json({ accountType: await addAccountType(txOf(c), c.req.valid('json')) }, 201),
  );

  // Before `/{id}`, which would otherwise take "order" for an id.
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: '/api/admin/account-types/order',
      summary: 'Save the order of the active account types: each id’s sort order becomes its position',
      request: body(OrderSchema),
      responses: { 200: json(z.object({ accountTypes: z.array(AccountTypeSchema) }), 'The types in their new order') },
    }),
    async (c) => c.json({ accountTypes: await reorderAccountTypes(txOf(c), c.req.valid('json').ids) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: '/api/admin/account-types/{id}',
      summary: 'Rename or describe an account type; accounts using the old name take the new one (same transaction)',
      request: { params: IdParams, ...body(AccountTypeInputSchema) },
      responses: {
        200: json(
          z.object({ accountType: AdminAccountTypeSchema, renamedAccounts: z.number().int() }),
          'The updated type',
        ),
        404: json(z.object({}), ACCOUNT_TYPE_MESSAGES.notFound),
        409: json(z.object({}), ACCOUNT_TYPE_MESSAGES.duplicate),
      },
    }),
    async (c) => c.json(await updateAccountType(txOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: '/api/admin/account-types/{id}',
      summary: 'Retire an account type (soft delete); refused while any account uses it',
      request: { params: IdParams },
      responses: {
        204: { description: 'Retired' },
        404: json(z.object({}), ACCOUNT_TYPE_MESSAGES.notFound),
        409: json(z.object({}), ACCOUNT_TYPE_MESSAGES.inUse),
      },
    }),
    async (c) => {
      await retireAccountType(txOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}

import { eq, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import type { Tx } from '../db/client.ts';
import { userSettings } from '../db/schema/index.ts';
import { publish } from '../realtime/hub.ts';
import { TAX_BANDS } from '../../core/calculators/savings-tax.ts';

export const SettingsSchema = z
  .object({
    maxAccounts: z.number().int().nullable(),
    isAdFree: z.boolean(),
    hasIsas: z.boolean(),
    hasPensions: z.boolean(),
    hasMaturityCalculator: z.boolean(),
    hasMaturityNotifications: z.boolean(),
    hasRssNews: z.boolean(),
    hasPensionCalculator: z.boolean(),
    hasOpenBanking: z.boolean(),
    darkModeEnabled: z.boolean(),
    notificationsEnabled: z.boolean(),
    loginNotificationsEnabled: z.boolean(),
    twoFactorEnabled: z.boolean(),
    suspended: z.boolean(),
    suspensionReason: z.string().nullable(),
    defaultCurrency: z.enum(['GBP', 'USD', 'EUR']),
    savingsTaxBand: z.enum(TAX_BANDS).nullable().openapi({
      description: 'The income tax band of the savings tax estimate; null until the user chooses one',
    }),
  })
  .openapi('UserSettings');

/** The preferences the owner may change; the rest are an admin's (a trigger refuses them too). */
export const SettingsUpdateSchema = z
  .strictObject(
    {
      darkModeEnabled: z.boolean('Dark mode must be on or off'),
      notificationsEnabled: z.boolean('Notifications must be on or off'),
      loginNotificationsEnabled: z.boolean('Sign-in alerts must be on or off'),
      defaultCurrency: z.enum(['GBP', 'USD', 'EUR'], 'Choose GBP, USD or EUR'),
      savingsTaxBand: z.enum(TAX_BANDS, 'Choose basic rate, higher rate or additional rate').nullable(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `This setting cannot be changed here: ${issue.keys.join(', ')}`
          : undefined,
    },
  )
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update')
  .openapi('UserSettingsUpdate');

const columns = {
  maxAccounts: userSettings.maxAccounts,
  isAdFree: userSettings.isAdFree,
  hasIsas: userSettings.hasIsas,
  hasPensions: userSettings.hasPensions,
  hasMaturityCalculator: userSettings.hasMaturityCalculator,
  hasMaturityNotifications: userSettings.hasMaturityNotifications,
  hasRssNews: userSettings.hasRssNews,
  hasPensionCalculator: userSettings.hasPensionCalculator,
  hasOpenBanking: userSettings.hasOpenBanking,
  darkModeEnabled: userSettings.darkModeEnabled,
  notificationsEnabled: userSettings.notificationsEnabled,
  loginNotificationsEnabled: userSettings.loginNotificationsEnabled,
  twoFactorEnabled: userSettings.twoFactorEnabled,
  suspended: userSettings.suspended,
  suspensionReason: userSettings.suspensionReason,
  defaultCurrency: userSettings.defaultCurrency,
  savingsTaxBand: userSettings.savingsTaxBand,
};

async function getSettings(tx: Tx, userId: string) {
  const [row] = await tx.select(columns).from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Settings not found');
  return row;
}

/** The signed-in user's `user_settings` row (002 §3): read all of it, change the preferences. */
export function settingsRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/settings',
      summary: "The signed-in user's settings: preferences, plan limits and features",
      responses: { 200: { description: 'Settings', content: { 'application/json': { schema: SettingsSchema } } } },
    }),
    async (c) => c.json(await getSettings(txOf(c), sessionOf(c).userId), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/settings',
      summary:
        "Change the signed-in user's preferences (dark mode, notifications, sign-in alerts, currency, the savings tax band)",
      request: { body: { content: { 'application/json': { schema: SettingsUpdateSchema } }, required: true } },
      responses: {
        200: { description: 'Updated settings', content: { 'application/json': { schema: SettingsSchema } } },
      },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      await tx
        .update(userSettings)
        .set({ ...c.req.valid('json'), updatedAt: sql`now()` })
        .where(eq(userSettings.userId, userId));
      await publish(tx, { type: 'settings.updated', userId, invalidate: [['me', 'settings']] });
      return c.json(await getSettings(tx, userId), 200);
    },
  );

  return app;
}

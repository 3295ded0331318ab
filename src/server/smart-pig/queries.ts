/**
 * Smart Pig's reads and writes. Everything a request needs is two named statements sent together
 * (one round trip on PostgreSQL), however many accounts: the accounts list's own statement
 * (accounts, banks, the admin's deposit limit override) and Smart Pig's, which adds what says
 * whether money may move in or out of each account (its opening date and term length) and the
 * saver's preferences.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { type TermLengthUnit, TERM_LENGTH_UNITS } from '../../core/accounts/account-schema.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { smartPigAccount } from '../../core/smart-pig/account-facts.ts';
import { DEFAULT_PREFERENCES } from '../../core/smart-pig/preferences.ts';
import type { SmartPigAccount, SmartPigPreferences } from '../../core/smart-pig/types.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import { listUserAccounts } from '../accounts/queries.ts';
import type { Tx } from '../db/client.ts';
import { named, preparedPerConnection, rawRows, sentTogether } from '../db/prepared.ts';
import { accounts, smartPigPreferences } from '../db/schema/index.ts';

const userId = sql.placeholder('userId');
const p = smartPigPreferences;

/** The user's saved preferences as one JSON value (null: none saved), for the row of every account. */
const preferencesJson = sql`(select json_build_object(
    'keepFullFSCSCover', ${p.keepFullFscsCover}, 'avoidTeaserRates', ${p.avoidTeaserRates},
    'maxNoticeDays', ${p.maxNoticeDays}, 'maxFixedMonths', ${p.maxFixedMonths}, 'useISAFirst', ${p.useIsaFirst})
  from ${p} where ${p.userId} = ${userId})`;

/**
 * Each account's fixed-term facts, and the saver's preferences (an uncorrelated subquery: read
 * once). One row whatever exists, so a saver without accounts still gets their preferences.
 */
const factsStatement = preparedPerConnection((tx) =>
  tx
    .select({
      id: named(accounts.id, 'id'),
      dateOpened: named(accounts.dateOpened, 'date_opened'),
      termLengthValue: named(accounts.termLengthValue, 'term_length_value'),
      termLengthUnit: named(accounts.termLengthUnit, 'term_length_unit'),
      preferences: named(preferencesJson, 'preferences'),
    })
    .from(sql`(values (1)) as one (x)`)
    .leftJoin(accounts, eq(accounts.userId, userId))
    .orderBy(asc(accounts.id))
    .prepare('smart_pig_facts'),
);

type RawFactsRow = {
  id: string | null;
  date_opened: string | null;
  term_length_value: number | null;
  term_length_unit: string | null;
  preferences: SmartPigPreferences | null;
};

const preferencesStatement = preparedPerConnection((tx) =>
  tx
    .select({ preferences: named(preferencesJson, 'preferences') })
    .from(sql`(values (1)) as one (x)`)
    .prepare('smart_pig_preferences'),
);

function termUnit(value: string | null): TermLengthUnit | null {
  return (TERM_LENGTH_UNITS as readonly string[]).includes(value ?? '') ? (value as TermLengthUnit) : null;
}

export type SmartPigRows = {
  accounts: SmartPigAccount[];
  override: DepositLimitOverride | null;
  preferences: SmartPigPreferences;
};

/**
 * The user's accounts as Smart Pig reads them on `today` (UK), the admin's override and the
 * saver's preferences (the spec's defaults until they save their own): two statements, sent together.
 */
export async function readSmartPigRows(tx: Tx, forUserId: string, today: CalendarDate): Promise<SmartPigRows> {
  const [list, facts] = await sentTogether(tx, () =>
    Promise.all([listUserAccounts(tx, forUserId), rawRows<RawFactsRow>(factsStatement(tx), { userId: forUserId })]),
  );
  const byId = new Map(facts.filter((f) => f.id !== null).map((f) => [f.id, f]));
  const smartPigAccounts = list.rows.map(({ item, holders, temporaryHighBalance, bank, platformBank, pension }) => {
    const fact = byId.get(item.id);
    return smartPigAccount(
      {
        id: item.id,
        name: item.name,
        balancePence: item.balancePence,
        holders,
        accountType: item.accountType,
        isPlatformAccount: item.isPlatformAccount,
        bankName: item.bank,
        bank,
        platformBank,
        pension,
        temporaryHighBalance,
        interestRateBps: item.interestRateBps,
        dateOpened: fact?.date_opened ?? null,
        termLengthValue: fact?.term_length_value ?? null,
        termLengthUnit: termUnit(fact?.term_length_unit ?? null),
        // Account terms (notice periods, fixed-term end dates, introductory rates) are not stored
        // yet: a notice type counts its notice as unknown, a fixed type ends on its opening date
        // plus its term length.
        noticeDays: null,
        fixedTermEndsOn: null,
        introductoryRateEndsOn: null,
      },
      today,
    );
  });
  return {
    accounts: smartPigAccounts,
    override: list.override,
    preferences: facts[0]?.preferences ?? { ...DEFAULT_PREFERENCES },
  };
}

/** The saver's preferences, or the spec's defaults when they have saved none. */
export async function readPreferences(tx: Tx, forUserId: string): Promise<SmartPigPreferences> {
  const [row] = await rawRows<{ preferences: SmartPigPreferences | null }>(preferencesStatement(tx), {
    userId: forUserId,
  });
  return row?.preferences ?? { ...DEFAULT_PREFERENCES };
}

/** Saves (or replaces) the saver's preferences. */
export async function savePreferences(
  tx: Tx,
  forUserId: string,
  preferences: SmartPigPreferences,
  now: Date,
): Promise<void> {
  const values = {
    keepFullFscsCover: preferences.keepFullFSCSCover,
    avoidTeaserRates: preferences.avoidTeaserRates,
    maxNoticeDays: preferences.maxNoticeDays,
    maxFixedMonths: preferences.maxFixedMonths,
    useIsaFirst: preferences.useISAFirst,
    updatedAt: now,
  };
  await tx
    .insert(smartPigPreferences)
    .values({ userId: forUserId, ...values })
    .onConflictDoUpdate({ target: smartPigPreferences.userId, set: values });
}

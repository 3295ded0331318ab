/**
 * Smart Pig's reads and writes. Everything a request needs is three named statements sent together
 * (one round trip on PostgreSQL), however many accounts: the accounts list's own statement
 * (accounts, banks, the admin's deposit limit override); Smart Pig's, which adds what says whether
 * money may move in or out of each account (its opening date and term length, and its notice,
 * fixed-term and introductory-rate terms) and the saver's preferences; and the ISA allowance's,
 * for what can still go into cash ISAs this tax year.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type TermLengthUnit, TERM_LENGTH_UNITS } from '../../core/accounts/account-schema.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { taxYearOf } from '../../core/dates/tax-year.ts';
import { type ContributionsTerm, smartPigAccount } from '../../core/smart-pig/account-facts.ts';
import { DEFAULT_PREFERENCES } from '../../core/smart-pig/preferences.ts';
import type { SmartPigAccount, SmartPigPreferences } from '../../core/smart-pig/types.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import { listUserAccounts } from '../accounts/queries.ts';
import type { Tx } from '../db/client.ts';
import { named, preparedPerConnection, rawRows, sentTogether, ONE_ROW } from '../db/prepared.ts';
import { accounts, isLiveAccount, accountTerms, smartPigPreferences } from '../db/schema/index.ts';
import { isaAllowanceOf } from '../isa/allowance.ts';
import { readIsaAllowanceRows } from '../isa/queries.ts';

const userId = sql.placeholder('userId');
const p = smartPigPreferences;

/** The user's saved preferences as one JSON value (null: none saved), for the row of every account. */
const preferencesJson = sql`(select json_build_object(
    'keepFullFSCSCover', ${p.keepFullFscsCover}, 'avoidTeaserRates', ${p.avoidTeaserRates},
    'maxNoticeDays', ${p.maxNoticeDays}, 'maxFixedMonths', ${p.maxFixedMonths}, 'useISAFirst', ${p.useIsaFirst})
  from ${p} where ${p.userId} = ${userId})`;

const t = accountTerms;
const termDate = (key: string) =>
  sql`case when jsonb_typeof(${t.inputs} -> ${key}) = 'string' then ${t.inputs} ->> ${key} end`;

/**
 * What the account's terms say of moving money (the templates' fields, 001 §3): the notice a
 * `notice_period` term gives, when a `fixed_term` term ends, when an `intro_rate` or ISA
 * `bonus_rate_isa` term's rate ends and the rate it reverts to (the latest of each kind when there
 * are several), and the newest `max_contributions_over_term` term's inputs. `offset 0`
 * keeps it a lookup per account by the terms' account index.
 */
const termsLookup = sql`lateral (select
    max(case when jsonb_typeof(${t.inputs} -> 'noticeDays') = 'number' then (${t.inputs} ->> 'noticeDays')::int end)
      filter (where ${t.termType} = 'notice_period') as notice_days,
    max(${termDate('termEndDate')}) filter (where ${t.termType} = 'fixed_term') as fixed_term_ends_on,
    max(${termDate('endDate')}) filter (where ${t.termType} in ('intro_rate', 'bonus_rate_isa')) as intro_ends_on,
    (array_agg(case when jsonb_typeof(${t.inputs} -> 'reversionRateBps') = 'number'
        then (${t.inputs} ->> 'reversionRateBps')::int end order by ${termDate('endDate')} desc nulls last)
      filter (where ${t.termType} in ('intro_rate', 'bonus_rate_isa')))[1] as intro_reversion_bps,
    (array_agg(${t.inputs} order by ${t.createdAt} desc, ${t.id} desc)
      filter (where ${t.termType} = 'max_contributions_over_term'))[1] as contributions
  from ${t} where ${t.accountId} = ${accounts.id} and ${t.userId} = ${userId} offset 0) as ${sql.identifier('terms')}`;

/**
 * Each account's fixed-term facts and terms, and the saver's preferences (an uncorrelated
 * subquery: read once). One row whatever exists, so a saver without accounts still gets their
 * preferences.
 */
const factsStatement = preparedPerConnection((tx) =>
  tx
    .select({
      id: named(accounts.id, 'id'),
      dateOpened: named(accounts.dateOpened, 'date_opened'),
      termLengthValue: named(accounts.termLengthValue, 'term_length_value'),
      termLengthUnit: named(accounts.termLengthUnit, 'term_length_unit'),
      noticeDays: named(sql`terms.notice_days`, 'notice_days'),
      fixedTermEndsOn: named(sql`terms.fixed_term_ends_on`, 'fixed_term_ends_on'),
      introEndsOn: named(sql`terms.intro_ends_on`, 'intro_ends_on'),
      introReversionBps: named(sql`terms.intro_reversion_bps`, 'intro_reversion_bps'),
      contributions: named(sql`terms.contributions`, 'contributions'),
      hasRenewalOption: named(accounts.hasRenewalOption, 'has_renewal_option'),
      renewalRateBps: named(accounts.renewalRateBps, 'renewal_rate_bps'),
      preferences: named(preferencesJson, 'preferences'),
    })
    .from(ONE_ROW)
    .leftJoin(accounts, and(eq(accounts.userId, userId), isLiveAccount))
    .leftJoin(termsLookup, sql`true`)
    .orderBy(asc(accounts.id))
    .prepare('smart_pig_facts'),
);

type RawFactsRow = {
  id: string | null;
  date_opened: string | null;
  term_length_value: number | null;
  term_length_unit: string | null;
  notice_days: number | null;
  fixed_term_ends_on: string | null;
  intro_ends_on: string | null;
  intro_reversion_bps: number | null;
  contributions: unknown;
  has_renewal_option: boolean | null;
  renewal_rate_bps: number | null;
  preferences: SmartPigPreferences | null;
};

const preferencesStatement = preparedPerConnection((tx) =>
  tx
    .select({ preferences: named(preferencesJson, 'preferences') })
    .from(ONE_ROW)
    .prepare('smart_pig_preferences'),
);

function termUnit(value: string | null): TermLengthUnit | null {
  return (TERM_LENGTH_UNITS as readonly string[]).includes(value ?? '') ? (value as TermLengthUnit) : null;
}

/** A stored `max_contributions_over_term` term's inputs as core reads them; null when a field it needs is missing. */
function contributionsTermOf(inputs: unknown): ContributionsTerm | null {
  if (typeof inputs !== 'object' || inputs === null) return null;
  const { termStartDate, termLengthValue, termLengthUnit, maxAmountPence } = inputs as Record<string, unknown>;
  const unit = typeof termLengthUnit === 'string' ? termUnit(termLengthUnit) : null;
  if (typeof termStartDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(termStartDate) || unit === null) return null;
  if (!Number.isSafeInteger(termLengthValue) || !Number.isSafeInteger(maxAmountPence)) return null;
  return {
    termStartDate,
    termLengthValue: termLengthValue as number,
    termLengthUnit: unit,
    maxAmountPence: maxAmountPence as number,
  };
}

export type SmartPigRows = {
  accounts: SmartPigAccount[];
  override: DepositLimitOverride | null;
  preferences: SmartPigPreferences;
  /** New money that can still go into cash ISAs this tax year (the least of the limits that apply). */
  isaAllowanceLeftPence: number;
};

/**
 * The user's accounts as Smart Pig reads them on `today` (UK), the admin's override and the
 * saver's preferences (the spec's defaults until they save their own) and the cash ISA allowance
 * left this tax year: three statements, sent together.
 */
export async function readSmartPigRows(tx: Tx, forUserId: string, today: CalendarDate): Promise<SmartPigRows> {
  const taxYear = taxYearOf(today);
  const [list, facts, isa] = await sentTogether(tx, () =>
    Promise.all([
      listUserAccounts(tx, forUserId, today),
      rawRows<RawFactsRow>(factsStatement(tx), { userId: forUserId }),
      readIsaAllowanceRows(tx, forUserId, taxYear),
    ]),
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
        noticeDays: fact?.notice_days ?? null,
        fixedTermEndsOn: fact?.fixed_term_ends_on ?? null,
        introductoryRateEndsOn: fact?.intro_ends_on ?? null,
        introductoryReversionRateBps: fact?.intro_reversion_bps ?? null,
        hasRenewalOption: fact?.has_renewal_option ?? false,
        renewalRateBps: fact?.renewal_rate_bps ?? null,
        contributionsTerm: contributionsTermOf(fact?.contributions ?? null),
      },
      today,
    );
  });
  return {
    accounts: smartPigAccounts,
    override: list.override,
    preferences: facts[0]?.preferences ?? { ...DEFAULT_PREFERENCES },
    isaAllowanceLeftPence: isaAllowanceOf(isa, taxYear, today).allowance.byType.cash.roomPence,
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

/**
 * A pension account's view through core's `pensionSummary` on `today`: the Pension Details card
 * and the notifications say the same (docs/decisions/0034-pension-records.md).
 */
import { type CalendarDate, calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { PENSION_DEFAULTS } from '../../core/pension/pension-record.ts';
import { type PensionSummary, pensionSummary } from '../../core/pension/pension-summary.ts';
import { schemeTypeForAccountType } from '../../core/pension/scheme-types.ts';
import type { CoverageTag, WarnUserLevel } from '../../core/reference-data/spec-mapping.ts';
import type { PensionAccountView } from './queries.ts';

export function pensionSummaryOf(view: PensionAccountView, today: CalendarDate): PensionSummary {
  const { record, provider } = view;
  return pensionSummary({
    today,
    dateOfBirth: view.dateOfBirth,
    account: {
      id: view.account.id,
      schemeType: record?.schemeType ?? schemeTypeForAccountType(view.account.accountType),
      transferSlaDays: record?.transferSlaDays ?? PENSION_DEFAULTS.transferSlaDays,
    },
    provider: provider && {
      name: provider.providerDisplayName,
      frn: provider.frn,
      regulator: provider.regulator,
      coverageTag: provider.coverageTag as CoverageTag,
      confidenceScore: provider.confidenceScore,
      warnUserLevel: provider.warnUserLevel as WarnUserLevel,
      userMessage: provider.userMessage,
    },
    thresholdIncomePence: view.thresholdIncomePence,
    adjustedIncomePence: view.adjustedIncomePence,
    flexibleAccess: [
      ...view.flexibleAccessDays.map((date) => ({ date })),
      ...view.drawdowns.map((d) => ({ date: d.eventDate, eventType: d.eventType })),
    ],
    contributions: view.contributions,
    transfers: view.transfers.map((t) => ({
      id: t.id,
      status: t.status,
      startedOn: calendarDateInLondon(new Date(t.startedAt)),
    })),
  });
}

import type { UseQueryResult } from '@tanstack/react-query';
import { type PlanChangePreview, planChangeLines } from '../../../core/subscriptions/plan-change-words.ts';
import { refusalReason } from '../../app/api.ts';
import { BILLING_MESSAGES } from '../../subscriptions/billing-actions.ts';
import { SectionSkeleton } from '../../ui/section-states.tsx';

/**
 * What a plan change costs, before it is made (issue 25): the new price, the credit and the charge
 * for the rest of the period, the net, when it is billed and when the plan renews, from
 * GET /api/billing/change-preview; its refusal, or a skeleton while it is worked out. Said in the
 * Settings plan-change dialog and on the downgrade wizard's confirmation step.
 */
export function PlanChangeFigures({ preview }: { preview: UseQueryResult<PlanChangePreview> }) {
  if (preview.data)
    return (
      <div className="grid gap-2 text-sm" data-testid="plan-change-figures">
        {planChangeLines(preview.data).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    );
  if (preview.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {refusalReason(preview.error) ?? BILLING_MESSAGES.previewFailed}
      </p>
    );
  return <SectionSkeleton label="Working out what the change costs" rows={3} />;
}

import { BellOff, CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { ALERT_DISMISSAL_DAYS, ALERT_PERCENT, THRESHOLDS_TEXT } from '../../core/protection/thresholds.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { type ProtectionAlert, useDismissAlert } from './api.ts';
import { instantDate } from './hub-words.ts';

function AlertItem({
  alert,
  onDismissed,
  dismissible,
}: {
  alert: ProtectionAlert;
  onDismissed: () => void;
  dismissible: boolean;
}) {
  const dismiss = useDismissAlert();
  const over = alert.level === 'over-limit';
  return (
    <li>
      <Alert variant={over ? 'destructive' : 'warning'}>
        {over ? <TriangleAlert aria-hidden /> : <CircleAlert aria-hidden />}
        <AlertTitle>{alert.title}</AlertTitle>
        <AlertDescription>
          <p>{alert.message}</p>
          {dismissible ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={dismiss.isPending}
              aria-label={`Dismiss for ${ALERT_DISMISSAL_DAYS} days: ${alert.title}`}
              onClick={() =>
                dismiss.mutate(alert, {
                  onSuccess: () => {
                    notify.success(
                      `Alert dismissed for ${ALERT_DISMISSAL_DAYS} days. It comes back sooner if its figures change.`,
                    );
                    onDismissed();
                  },
                  onError: (error) =>
                    notify.error(refusalReason(error) ?? 'We could not dismiss the alert. Please try again.'),
                })
              }
            >
              <BellOff aria-hidden />
              {dismiss.isPending ? 'Dismissing...' : `Dismiss for ${ALERT_DISMISSAL_DAYS} days`}
            </Button>
          ) : null}
        </AlertDescription>
      </Alert>
    </li>
  );
}

/**
 * The alerts that are showing (≥ 85% of a licence's limit, above 90%, over it), each dismissible
 * for 7 days or until its figures change; a line says how many are dismissed and until when.
 */
export function AlertList({
  alerts,
  dismissible = true,
}: {
  alerts: readonly ProtectionAlert[];
  /** False for a picture as at an earlier date: only today's alerts can be dismissed. */
  dismissible?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const showing = alerts.filter((a) => a.dismissedUntil === null);
  const hidden = alerts.filter((a) => a.dismissedUntil !== null);
  const lastUntil = hidden
    .map((a) => a.dismissedUntil!)
    .sort()
    .at(-1);
  return (
    <section aria-labelledby="protection-alerts-heading" className="grid gap-3">
      <h2 id="protection-alerts-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        Alerts
      </h2>
      {showing.length > 0 ? (
        <ul className="grid gap-3">
          {showing.map((alert) => (
            <AlertItem
              key={alert.id}
              alert={alert}
              dismissible={dismissible}
              onDismissed={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 text-success" aria-hidden />
          {hidden.length > 0
            ? 'No other alerts.'
            : `No alerts: every banking licence you use is below ${ALERT_PERCENT}% of its limit. ${THRESHOLDS_TEXT}`}
        </p>
      )}
      {hidden.length > 0 && lastUntil ? (
        <p className="text-sm text-muted-foreground">
          {hidden.length === 1
            ? `1 dismissed alert is hidden until ${instantDate(lastUntil)}, or until its figures change.`
            : `${hidden.length} dismissed alerts are hidden until ${instantDate(lastUntil)} at the latest, or until their figures change.`}
        </p>
      ) : null}
    </section>
  );
}

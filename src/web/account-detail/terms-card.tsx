/**
 * The account page's Terms and Conditions card (001 §2, item 10) and the smart-alerts banner
 * offering 'Add T&Cs' (item 3). Each term shows its status badge, insight badges, alerts, inputs,
 * last 3 events and notes, with edit, delete (the spec's confirmation), the notifications switch
 * and, for a minimum deposit, 'Mark deposited'. Statuses, badges and alerts are core's, worked out
 * by the server (src/core/terms/status.ts); the words of the toasts and the confirmation are the
 * spec's (src/core/terms/text.ts).
 */
import { DeleteDialogFooter } from '../ui/delete-dialog-footer.tsx';
import {
  Bell,
  CircleAlert,
  CircleCheck,
  CircleMinus,
  Clock,
  FileText,
  Info,
  PiggyBank,
  Pencil,
  Plus,
  Trash2,
  TriangleAlert,
  X,
} from 'lucide-react';
import { useId, useState } from 'react';
import type { AccountCategory } from '../../core/accounts/account-type-category.ts';
import { formatPence } from '../../core/money/format.ts';
import type { TermInsight, TermStatus } from '../../core/terms/status.ts';
import { formatCardDate } from '../../core/terms/term-dates.ts';
import { TERM_TEMPLATES, type TermType, termTypesFor } from '../../core/terms/templates.ts';
import { deleteTermConfirmation, showsAddTermsBanner, TERM_DIALOG_TEXT, TERM_NOTICES } from '../../core/terms/text.ts';
import { hasStatus, refusalReason, useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { Switch } from '../ui/switch.tsx';
import { notifyTermFailure, type Term, type TermDraft, useTermMutations, useTerms } from './terms-api.ts';
import { TermDialog } from './terms-dialog.tsx';
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { knownTermInputs } from '../../core/terms/maturity.ts';
import { emptyTermForm, inputRows, termFormOf } from './terms-form.ts';

/** The card's id: the banner's 'Add T&Cs' scrolls here. */
export const TERMS_ANCHOR = 'terms-and-conditions';

/** What the card and the banner need of the account. */
export type TermsAccount = {
  id: string;
  category: AccountCategory;
  enableSmartAlerts: boolean;
  termsNotes: string | null;
  /** What a new term is prefilled from (`knownTermInputs`); absent: nothing is. */
  accountType?: string;
  dateOpened?: string | null;
  termLengthValue?: number | null;
  termLengthUnit?: string | null;
};

/** A new term's inputs from what the saver entered on the account (issue 24). */
function knownInputsOf(account: TermsAccount) {
  return (type: string) =>
    knownTermInputs(type, {
      accountType: account.accountType ?? '',
      dateOpened: account.dateOpened ?? null,
      termLengthValue: account.termLengthValue ?? null,
      termLengthUnit: (account.termLengthUnit ?? null) as TermLengthUnit | null,
      fixedTermEndsOn: null,
    });
}

const STATUS_STYLE: Record<
  TermStatus,
  { variant: 'success' | 'warning' | 'destructive' | 'secondary'; icon: typeof Info }
> = {
  ok: { variant: 'success', icon: CircleCheck },
  warning: { variant: 'warning', icon: TriangleAlert },
  alert: { variant: 'destructive', icon: CircleAlert },
  expired: { variant: 'destructive', icon: Clock },
  neutral: { variant: 'secondary', icon: CircleMinus },
};

const INSIGHT_STYLE: Record<
  TermInsight['type'],
  { variant: 'success' | 'warning' | 'destructive' | 'info'; icon: typeof Info }
> = {
  success: { variant: 'success', icon: CircleCheck },
  warning: { variant: 'warning', icon: TriangleAlert },
  alert: { variant: 'destructive', icon: CircleAlert },
  info: { variant: 'info', icon: Info },
};

const ALERT_STYLE = {
  error: { variant: 'destructive', icon: CircleAlert, title: 'Action needed' },
  warning: { variant: 'warning', icon: TriangleAlert, title: 'Warning' },
  info: { variant: 'info', icon: Info, title: 'Information' },
} as const;

function StatusBadge({ status, label }: { status: TermStatus; label: string }) {
  const { variant, icon: Icon } = STATUS_STYLE[status] ?? STATUS_STYLE.neutral;
  return (
    <Badge variant={variant}>
      <Icon aria-hidden />
      <span className="sr-only">Status: </span>
      <span>{label}</span>
    </Badge>
  );
}

function scrollToTerms() {
  const card = document.getElementById(TERMS_ANCHOR);
  card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card?.focus({ preventScroll: true });
}

const DISMISSED_KEY = (accountId: string) => `savvypig.terms-banner-dismissed:${accountId}`;

function readDismissed(accountId: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY(accountId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The banner under the summary cards (001 §2 item 3): with smart alerts on and no terms notes and
 * no terms (core's `showsAddTermsBanner`), 'Add T&Cs' scrolls to the card; a dismissal lasts for
 * the browser tab's session.
 */
/**
 * Whether the user's plan (or an admin's grant) includes terms: the answer the server's gate gives
 * (core `featuresFor`), so the screens never offer an add that ends in a 403 (ADR 0045).
 */
function useTermsInPlan(): boolean {
  return useMe().data?.features.accountTerms === true;
}

export function TermsBanner({ account }: { account: TermsAccount }) {
  const terms = useTerms(account.id);
  const inPlan = useTermsInPlan();
  const [dismissed, setDismissed] = useState(() => readDismissed(account.id));
  if (dismissed || !terms.data || !inPlan) return null;
  if (
    !showsAddTermsBanner({
      enableSmartAlerts: account.enableSmartAlerts,
      termsNotes: account.termsNotes,
      termCount: terms.data.length,
    })
  )
    return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY(account.id), '1');
    } catch {
      // Storage may be off (private mode): the banner then stays dismissed for this page only.
    }
    setDismissed(true);
  };
  return (
    <Alert variant="info">
      <FileText aria-hidden />
      <AlertTitle>Add this account’s terms and conditions</AlertTitle>
      <AlertDescription>
        <p>
          Smart alerts are on. Add the account’s terms — withdrawal limits, minimum deposits, fixed-term end dates — and
          SavvyPig will warn you before you break one.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={scrollToTerms}>
            Add T&amp;Cs
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
            <X aria-hidden />
            Dismiss
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function TermEvents({ term }: { term: Term }) {
  if (term.events.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <h4 className="text-sm font-medium">Recent activity</h4>
      <ul className="grid gap-1 text-sm">
        {term.events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the newest three in order.
          <li key={index} className="flex flex-wrap justify-between gap-x-4 rounded-md bg-muted/50 px-3 py-1.5">
            <span>
              <span className="tabular-nums">{formatCardDate(event.date)}</span>
              {event.description ? <span className="text-muted-foreground"> · {event.description}</span> : null}
            </span>
            {event.amountPence !== null ? (
              <span className="font-medium tabular-nums">{formatPence(event.amountPence)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {term.eventCount > term.events.length ? (
        <p className="text-xs text-muted-foreground">Showing the latest 3 of {term.eventCount}.</p>
      ) : null}
    </div>
  );
}

function TermItem({
  term,
  busy,
  onEdit,
  onDelete,
  onToggle,
  onMarkDeposited,
}: {
  term: Term;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (enabled: boolean) => void;
  onMarkDeposited: () => void;
}) {
  const headingId = useId();
  const switchId = useId();
  const typeLabel = TERM_TEMPLATES[term.termType].label;
  const rows = inputRows(term.termType, term.inputs);
  return (
    <li>
      <article aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="font-semibold break-words">
              {term.label}
            </h3>
            {term.label !== typeLabel ? <p className="text-sm text-muted-foreground">{typeLabel}</p> : null}
          </div>
          <StatusBadge status={term.status} label={term.statusLabel} />
        </div>

        {term.insights.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Insights">
            {term.insights.map((insight) => {
              const { variant, icon: Icon } = INSIGHT_STYLE[insight.type];
              return (
                <li key={`${insight.type}-${insight.text}`} className="max-w-full">
                  <Badge variant={variant} className="h-auto max-w-full rounded-md whitespace-normal text-left">
                    <Icon aria-hidden />
                    {insight.text}
                  </Badge>
                </li>
              );
            })}
          </ul>
        ) : null}

        {term.alerts.map((alert) => {
          const style = ALERT_STYLE[alert.level] ?? ALERT_STYLE.info;
          const Icon = style.icon;
          return (
            <Alert key={alert.message} variant={style.variant}>
              <Icon aria-hidden />
              <AlertTitle className="font-medium">
                <span className="sr-only">{style.title}: </span>
                {alert.message}
              </AlertTitle>
              {alert.action === 'edit-term' ? (
                <AlertDescription>
                  <Button type="button" size="sm" variant="outline" className="mt-2" onClick={onEdit}>
                    <Pencil aria-hidden />
                    Edit term
                  </Button>
                </AlertDescription>
              ) : null}
            </Alert>
          );
        })}

        {rows.length > 0 ? (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {rows.map((row) => (
              <div key={row.label} className="grid min-w-0 gap-0.5">
                <dt className="text-muted-foreground">{row.label}</dt>
                <dd className="font-medium break-words tabular-nums">{row.text}</dd>
              </div>
            ))}
          </dl>
        ) : null}

        <TermEvents term={term} />

        {term.notes ? (
          <div className="grid gap-1 text-sm">
            <h4 className="font-medium">Notes</h4>
            <p className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">{term.notes}</p>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={term.notificationsEnabled}
              disabled={busy}
              onCheckedChange={onToggle}
              aria-describedby={headingId}
            />
            <label htmlFor={switchId} className="flex items-center gap-1.5 text-sm">
              <Bell className="size-4 text-muted-foreground" aria-hidden />
              Notifications
            </label>
          </div>
          <div className="flex flex-wrap gap-1">
            {term.termType === 'minimum_deposit' ? (
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onMarkDeposited}>
                <PiggyBank aria-hidden />
                {TERM_DIALOG_TEXT.markDeposited}
              </Button>
            ) : null}
            <Button type="button" variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${term.label}`}>
              <Pencil aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive"
              onClick={onDelete}
              aria-label={`Delete ${term.label}`}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

function DeleteTermDialog({
  term,
  onClose,
  onConfirm,
}: {
  term: Term;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete term</DialogTitle>
          <DialogDescription>{deleteTermConfirmation(term.label)}</DialogDescription>
        </DialogHeader>
        <DeleteDialogFooter busy={busy} setBusy={setBusy} onClose={onClose} onConfirm={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; term: Term } | null;

/** A refusal to show in the dialog (the server's message); a failure is only the spec's toast. */
const refusalOf = (error: unknown) => (hasStatus(error, 404) ? null : refusalReason(error));

/** The Terms and Conditions card (001 §2 item 10). */
export function TermsCard({ account }: { account: TermsAccount }) {
  const terms = useTerms(account.id);
  const { add, update, setNotifications, markDeposited, remove } = useTermMutations(account.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Term | null>(null);
  const headingId = useId();
  const inPlan = useTermsInPlan();
  const offered = termTypesFor(account.category);
  const typesFor = (own?: TermType) => (own && !offered.includes(own) ? [...offered, own] : offered);

  const save = async (draft: TermDraft): Promise<string | null> => {
    const isAdd = editing?.mode !== 'edit';
    try {
      if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.term.id, draft });
      else {
        const { term } = await add.mutateAsync(draft);
        notify.success(TERM_NOTICES.addedTitle, { detail: TERM_NOTICES.added(term.label) });
      }
    } catch (error) {
      notifyTermFailure(error, isAdd ? TERM_NOTICES.createFailed : TERM_NOTICES.updateFailed);
      return refusalOf(error) ?? (isAdd ? TERM_NOTICES.createFailed : TERM_NOTICES.updateFailed);
    }
    if (!isAdd) notify.success(TERM_NOTICES.updatedTitle, { detail: TERM_NOTICES.updated });
    setEditing(null);
    return null;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (error) {
      notifyTermFailure(error, TERM_NOTICES.deleteFailed);
      return;
    }
    notify.success(TERM_NOTICES.deletedTitle, { detail: TERM_NOTICES.deleted });
    setDeleting(null);
  };

  const busyId = setNotifications.isPending
    ? setNotifications.variables?.id
    : markDeposited.isPending
      ? markDeposited.variables
      : undefined;

  return (
    <Card
      id={TERMS_ANCHOR}
      tabIndex={-1}
      aria-labelledby={headingId}
      role="region"
      className="scroll-mt-24 outline-none"
    >
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <FileText className="size-5 text-muted-foreground" aria-hidden />
            Terms and Conditions
          </CardTitle>
          <CardDescription>The account’s rules, watched for you: limits, deadlines and allowances.</CardDescription>
        </div>
        {inPlan ? (
          <Button type="button" className="sm:shrink-0" onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden />
            Add Term
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {terms.data ? (
          terms.data.length === 0 ? (
            <div className="grid justify-items-center gap-1 rounded-lg border border-dashed px-4 py-8 text-center">
              <FileText className="mb-2 size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">No terms added for this account.</p>
              <p className="text-sm text-muted-foreground">
                Add a withdrawal limit, a minimum deposit or an allowance to see how you are doing against it.
              </p>
            </div>
          ) : (
            <ul className="grid gap-4">
              {terms.data.map((term) => (
                <TermItem
                  key={term.id}
                  term={term}
                  busy={busyId === term.id}
                  onEdit={() => setEditing({ mode: 'edit', term })}
                  onDelete={() => setDeleting(term)}
                  onToggle={(enabled) =>
                    setNotifications.mutate(
                      { id: term.id, enabled },
                      {
                        onSuccess: () => notify.success(TERM_NOTICES.updatedTitle, { detail: TERM_NOTICES.updated }),
                        onError: (error) => notifyTermFailure(error, TERM_NOTICES.updateFailed),
                      },
                    )
                  }
                  onMarkDeposited={() =>
                    markDeposited.mutate(term.id, {
                      onSuccess: () => notify.success(TERM_NOTICES.updatedTitle, { detail: TERM_NOTICES.updated }),
                      onError: (error) => notifyTermFailure(error, TERM_NOTICES.updateFailed),
                    })
                  }
                />
              ))}
            </ul>
          )
        ) : terms.isError ? (
          <SectionLoadError
            message={refusalReason(terms.error) ?? TERM_NOTICES.fetchFailed}
            onRetry={() => void terms.refetch()}
            retrying={terms.isFetching}
          />
        ) : (
          <SectionSkeleton rows={2} label="Loading terms" />
        )}
      </CardContent>

      {editing ? (
        <TermDialog
          key={editing.mode === 'edit' ? editing.term.id : 'add'}
          mode={editing.mode}
          termTypes={typesFor(editing.mode === 'edit' ? editing.term.termType : undefined)}
          initialValues={editing.mode === 'edit' ? termFormOf(editing.term) : emptyTermForm()}
          knownInputs={editing.mode === 'add' ? knownInputsOf(account) : undefined}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
      {deleting ? (
        <DeleteTermDialog term={deleting} onClose={() => setDeleting(null)} onConfirm={confirmDelete} />
      ) : null}
    </Card>
  );
}

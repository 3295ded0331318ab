import { CircleCheck, CircleX, Eraser, Loader2, RefreshCcw } from 'lucide-react';
import { useState } from 'react';
import { CLEAR_ALL, FRESH_SYNC } from '../../../core/reference-data/import/danger-zone.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { type ClearReport, useClearAllData } from './api.ts';
import { accountsNotInDataText, countText } from './report-text.ts';
import { TypedConfirmationDialog } from './typed-confirmation-dialog.tsx';

/** What clearing or replacing the data does to savers, said before either is confirmed. */
export const WHAT_SAVERS_SEE =
  'Every account linked to a bank or provider that is not in the data afterwards keeps its bank’s name and says “bank not in our data”: its protection is unknown until the bank is back or the saver chooses it again. No account loses its bank’s name or its money.';

/**
 * The Google Sheets Sync panel's Danger Zone (002 §2): Clear All Data and Fresh Sync, each behind
 * the spec's warning and the admin's typed words. Fresh Sync reads the Google Sheet and is disabled,
 * with the sheet's reason, when the sheet cannot be used; an uploaded workbook's Fresh Sync is on
 * the upload card.
 */
export function DangerZone({
  busy,
  sheetsReason,
  reasonId,
  onFreshSync,
}: {
  busy: boolean;
  sheetsReason: string | null;
  reasonId: string;
  onFreshSync: (confirmation: string) => void;
}) {
  const clear = useClearAllData();
  const [asking, setAsking] = useState<'clear' | 'fresh' | null>(null);
  const [cleared, setCleared] = useState<ClearReport | { error: string } | null>(null);
  const disabled = busy || clear.isPending;

  return (
    <Card className="border-destructive/50">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Danger Zone</CardTitle>
        <CardDescription>
          Clear All Data withdraws every banking group, bank, ISA platform and pension provider. Fresh Sync does that
          and then imports the whole Google Sheet as new, without the review queue.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" disabled={disabled} onClick={() => setAsking('clear')}>
            {clear.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Eraser aria-hidden />}
            Clear All Data
          </Button>
          <Button
            variant="destructive"
            disabled={disabled || sheetsReason !== null}
            aria-describedby={sheetsReason ? reasonId : undefined}
            onClick={() => setAsking('fresh')}
          >
            <RefreshCcw aria-hidden />
            Fresh Sync
          </Button>
        </div>
        {sheetsReason ? (
          <p className="text-sm text-muted-foreground">
            Fresh Sync reads the Google Sheet, which cannot be used yet (see above). Fresh Sync upload, on the upload
            card, does the same from a workbook.
          </p>
        ) : null}
        {cleared ? <ClearOutcome outcome={cleared} /> : null}
      </CardContent>
      <TypedConfirmationDialog
        open={asking === 'clear'}
        title="Clear All Data?"
        warning={CLEAR_ALL.warning}
        phrase={CLEAR_ALL.phrase}
        actionLabel="Clear All Data"
        onClose={() => setAsking(null)}
        onConfirm={(typed) => {
          setAsking(null);
          setCleared(null);
          clear.mutate(typed, {
            onSuccess: setCleared,
            onError: (error) => setCleared({ error: error.message }),
          });
        }}
      >
        {WHAT_SAVERS_SEE}
      </TypedConfirmationDialog>
      <TypedConfirmationDialog
        open={asking === 'fresh'}
        title="Fresh Sync?"
        warning={FRESH_SYNC.warning}
        phrase={FRESH_SYNC.phrase}
        actionLabel="Fresh Sync"
        onClose={() => setAsking(null)}
        onConfirm={(typed) => {
          setAsking(null);
          onFreshSync(typed);
        }}
      >
        {WHAT_SAVERS_SEE}
      </TypedConfirmationDialog>
    </Card>
  );
}

function ClearOutcome({ outcome }: { outcome: ClearReport | { error: string } }) {
  if ('error' in outcome)
    return (
      <Alert variant="destructive" role="alert">
        <CircleX aria-hidden />
        <AlertTitle>Clear All Data: not done</AlertTitle>
        <AlertDescription className="[overflow-wrap:anywhere]">
          <p>{outcome.error}</p>
        </AlertDescription>
      </Alert>
    );
  const withdrawn = outcome.tabs.map((t) => `${t.tab} ${countText(t.withdrawn)}`).join(', ');
  return (
    <Alert variant="success" role="status">
      <CircleCheck aria-hidden />
      <AlertTitle>All bank reference data cleared</AlertTitle>
      <AlertDescription>
        <p>Withdrawn: {withdrawn}.</p>
        <p>{countText(outcome.reviewItemsRejected)} pending review items rejected: they were about the cleared data.</p>
        <p>{accountsNotInDataText(outcome.accountsNotInData)}</p>
      </AlertDescription>
    </Alert>
  );
}

import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { useProcessQueue, useRetryFailed } from './api.ts';
import { CRM_TEXT, processedText, syncErrorsText } from './crm-text.ts';

/** Says how a sync run went (002 §8): processed and failed, and how many errors. */
export function reportProcessed(result: { processed: number; failed: number; errors: string[] }) {
  notify.success(processedText(result.processed, result.failed));
  if (result.errors.length > 0) {
    notify.warning(syncErrorsText(result.errors.length));
    // The spec sends the admin to the browser's console for the errors themselves.
    console.warn('Sync errors', result.errors);
  }
}

export function useProcessAction() {
  const process = useProcessQueue();
  return {
    isPending: process.isPending,
    run: () =>
      process.mutate(undefined, {
        onSuccess: reportProcessed,
        onError: (error) => notify.error(CRM_TEXT.processFailed, { detail: refusalReason(error) ?? error.message }),
      }),
  };
}

/** Puts every failed item back in the queue, due now, with a fresh count of attempts. */
export function RetryFailedButton({ disabled, describedBy }: { disabled: boolean; describedBy?: string | undefined }) {
  const retry = useRetryFailed();
  return (
    <Button
      variant="outline"
      disabled={disabled || retry.isPending}
      aria-describedby={describedBy}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: ({ retried }) =>
            notify.success(`${retried} failed ${retried === 1 ? 'item is' : 'items are'} back in the queue`),
          onError: (error) =>
            notify.error(`Failed to retry the failed items: ${refusalReason(error) ?? error.message}`),
        })
      }
    >
      <RotateCcw aria-hidden />
      Retry failed
    </Button>
  );
}

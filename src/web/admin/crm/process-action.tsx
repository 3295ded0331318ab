import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { useProcessQueue } from './api.ts';
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

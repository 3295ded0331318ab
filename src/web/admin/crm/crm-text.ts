/** How the CRM screens read: the spec's messages (002 §8) verbatim, statuses in words, figures en-GB. */
import { dateTimeText } from '../bank-data/report-text.ts';

export { dateTimeText };

/** 002 §8, the monitor's and the CRM dashboard's messages, verbatim. */
export const CRM_TEXT = {
  /** A consent change recorded while the CRM was off: nothing was queued for it. */
  consentNotSent: 'Not sent (CRM off)',
  consentLogsFailed: 'Failed to fetch consent logs',
  syncQueueFetchFailed: 'Failed to fetch sync queue',
  processFailed: 'Failed to process sync queue',
  syncQueueLoadFailed: 'Failed to load sync queue',
  queueCleared: 'Sync queue cleared',
  syncUsersFailed: 'Error syncing users to HubSpot',
  synchronisationFailed: 'Error during synchronization',
  syncUsersCompleted: 'User synchronization completed',
  statusFailed: 'Failed to fetch system status',
} as const;

/** 'Sync processing completed: {n} processed, {m} failed' (002 §8). */
export const processedText = (processed: number, failed: number) =>
  `Sync processing completed: ${processed} processed, ${failed} failed`;

/** '{n} sync errors occurred - check console for details' (002 §8). */
export const syncErrorsText = (n: number) => `${n} sync errors occurred - check console for details`;

/** 'Setup failed: {message}' (002 §8). */
export const setupFailedText = (message: string) => `Setup failed: ${message}`;

export const QUEUE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
export type ConsentSyncStatus = 'pending' | 'completed' | 'failed';

/** The monitor's four counters (002 §2), in the spec's order and words. */
export const COUNTER_LABELS: Record<QueueStatus, string> = {
  pending: 'Pending Syncs',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export const QUEUE_STATUS_WORDS: Record<QueueStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** A consent row's sync status: completed shows as Synced (002 §4). */
export const CONSENT_STATUS_WORDS: Record<ConsentSyncStatus, string> = {
  pending: 'Pending',
  completed: 'Synced',
  failed: 'Failed',
};

export type StatusTone = 'info' | 'warning' | 'success' | 'destructive';

export const STATUS_TONE: Record<QueueStatus, StatusTone> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'destructive',
};

/** 'profile_update' → 'Profile update'. */
export function syncTypeText(syncType: string): string {
  const words = syncType.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : syncType;
}

export function countText(n: number): string {
  return n.toLocaleString('en-GB');
}

/** A measured percentage, as the status gives it (one decimal at most): '92.5%'. */
export function percentText(percent: number): string {
  return `${percent.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
}

/** A measured duration: '850 ms', '2.4 s', '1 min 5 s'; 'Not measured yet' without one. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return 'Not measured yet';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An instant, or 'Never' when there is none. */
export function whenText(iso: string | null | undefined, never = 'Never'): string {
  return iso ? dateTimeText(iso) : never;
}

const TEST_WORDS: Record<string, string> = {
  'hubspot-connection': 'HubSpot connection',
  'custom-properties': 'Custom properties',
  'sync-queue': 'Sync queue',
};

/** A check's name as the integration test suite gives it ('hubspot-connection'), in words. */
export function testNameText(test: string): string {
  return TEST_WORDS[test] ?? syncTypeText(test);
}

/** A payload as an admin reads it: indented JSON. */
export function payloadText(payload: unknown): string {
  if (payload === undefined || payload === null) return 'No payload';
  return JSON.stringify(payload, null, 2);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportTab } from '../../../core/reference-data/import/contract.ts';
import type {
  ClearReportSchema,
  ImportReportSchema,
  ImportRunSchema,
  TabResultSchema,
} from '../../../server/reference/import/report-schema.ts';
import { apiFetch } from '../../app/api.ts';

/** The spec's texts (002 §2), verbatim. */
export const BANK_DATA_TEXT = {
  title: 'Banking Data Monitor and Importer v2.0',
  description:
    'A Google Sheet-only pipeline with 14 mandatory columns, 6-state change detection and automated monitoring.',
  noReviewItems: 'No review items found.',
  loadingReviewItems: 'Loading review items...',
} as const;

/** What an import did (sync) or would do (preview), as the server reports it. */
export type ImportReport = z.infer<typeof ImportReportSchema>;
export type TabResult = z.infer<typeof TabResultSchema>;
export type TabCounts = ImportReport['totals'];
export type ImportRowError = ImportReport['errors'][number];
export type ImportChange = ImportReport['changes'][number];
export type ImportRun = z.infer<typeof ImportRunSchema>;
export type ClearReport = z.infer<typeof ClearReportSchema>;

export const SHEETS_CHECKS = ['health', 'verify-secrets', 'test-google-api'] as const;
export type SheetsCheck = (typeof SHEETS_CHECKS)[number];

export interface SheetsCheckResult {
  ok: boolean;
  message: string;
  details?: Record<string, unknown>;
}

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReviewPriority = (typeof REVIEW_PRIORITIES)[number];

export interface ReviewItem {
  id: string;
  title: string;
  description: string | null;
  itemType: string;
  priority: ReviewPriority;
  status: ReviewStatus;
  suggestedAction: string | null;
  currentData: unknown;
  resolutionNotes: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

export interface ReviewFilters {
  status: ReviewStatus | 'all';
  priority: ReviewPriority | 'all';
}

export type ReviewAction = 'approve' | 'reject';

export interface BulkResult {
  resolved: string[];
  failed: { id: string; message: string }[];
}

export const bankDataKeys = {
  all: ['admin', 'bank-data'] as const,
  health: ['admin', 'bank-data', 'sheets-health'] as const,
  runs: ['admin', 'bank-data', 'runs'] as const,
  reviewItems: ['admin', 'review-items'] as const,
  reviewList: (filters: ReviewFilters) => ['admin', 'review-items', filters] as const,
};

/** Health, read when the panel opens: it decides whether the Sheets actions can run. */
export function useSheetsHealth() {
  return useQuery({
    queryKey: bankDataKeys.health,
    queryFn: () => apiFetch<SheetsCheckResult>('/api/admin/bank-data/google-sheets/health'),
  });
}

/** One of the panel's diagnostics, run when its button is pressed. */
export function useSheetsCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (check: SheetsCheck) => apiFetch<SheetsCheckResult>(`/api/admin/bank-data/google-sheets/${check}`),
    onSuccess: (result, check) => {
      if (check === 'health') queryClient.setQueryData(bankDataKeys.health, result);
    },
  });
}

export function useImportRuns() {
  return useQuery({
    queryKey: bankDataKeys.runs,
    queryFn: async () => (await apiFetch<{ runs: ImportRun[] }>('/api/admin/bank-data/import/runs')).runs,
  });
}

/** `confirmation`: a Fresh Sync's typed words (the server refuses one without them). */
export type ImportRequest =
  | { source: 'sheets'; mode: ImportReport['mode']; tabs?: ImportTab[]; confirmation?: string }
  | { source: 'upload'; mode: ImportReport['mode']; file: File; tab?: ImportTab; confirmation?: string };

/** Preview or sync, from the Google Sheet or an uploaded file; a sync refreshes the runs and the queue. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => {
      if (request.source === 'sheets')
        return apiFetch<ImportReport>('/api/admin/bank-data/import/google-sheets', {
          method: 'POST',
          json: {
            mode: request.mode,
            ...(request.tabs ? { tabs: request.tabs } : {}),
            ...(request.confirmation !== undefined ? { confirmation: request.confirmation } : {}),
          },
        });
      const form = new FormData();
      form.set('file', request.file);
      form.set('mode', request.mode);
      if (request.tab) form.set('tab', request.tab);
      if (request.confirmation !== undefined) form.set('confirmation', request.confirmation);
      return apiFetch<ImportReport>('/api/admin/bank-data/import', { method: 'POST', body: form });
    },
    onSettled: (_report, _error, request) => {
      if (request.mode !== 'preview') afterDataChange(queryClient);
    },
  });
}

/** After a write to the data: the runs, the review queue and the banking data screens read it again. */
function afterDataChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: bankDataKeys.runs });
  void queryClient.invalidateQueries({ queryKey: bankDataKeys.reviewItems });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'bank-data', 'overview'] });
}

/** Clear All Data, with the admin's typed words. */
export function useClearAllData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      apiFetch<ClearReport>('/api/admin/bank-data/clear', { method: 'POST', json: { confirmation } }),
    onSettled: () => afterDataChange(queryClient),
  });
}

export function useReviewItems(filters: ReviewFilters) {
  return useQuery({
    queryKey: bankDataKeys.reviewList(filters),
    queryFn: async () => {
      const query = new URLSearchParams();
      if (filters.status !== 'all') query.set('status', filters.status);
      if (filters.priority !== 'all') query.set('priority', filters.priority);
      const search = query.size > 0 ? `?${query}` : '';
      return (await apiFetch<{ items: ReviewItem[] }>(`/api/admin/review-items${search}`)).items;
    },
  });
}

export function useResolveReviewItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, notes }: { id: string; action: ReviewAction; notes: string }) =>
      apiFetch<{ item: ReviewItem }>(`/api/admin/review-items/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        json: { notes: notes.trim() || null },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankDataKeys.reviewItems }),
  });
}

export function useBulkResolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: ReviewAction }) =>
      apiFetch<BulkResult>('/api/admin/review-items/bulk', { method: 'POST', json: { ids, action } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankDataKeys.reviewItems }),
  });
}

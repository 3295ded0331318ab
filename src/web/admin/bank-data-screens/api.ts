import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/api.ts';

/** The tabs of the banking data admin screen, as the API names them (002 §2). */
export const BANK_DATA_TABS = ['groups', 'banks', 'isas', 'pensions'] as const;
export type BankDataTab = (typeof BANK_DATA_TABS)[number];

export const TAB_LABELS: Record<BankDataTab, string> = {
  groups: 'Bank Groups',
  banks: 'Banks',
  isas: 'ISA Platforms',
  pensions: 'Pensions',
};

export const WARN_LEVELS = ['critical', 'high', 'medium', 'info', 'low'] as const;

/** A brand or ISA platform under a banking group, for the group's expanded view. */
export interface GroupMember {
  id: string;
  name: string;
  frn: string | null;
  isActive: boolean;
  isUpdated: boolean;
}

/** One row of any tab (`GET /api/admin/bank-data/overview`); fields a tab lacks are null. */
export interface BankDataRow {
  id: string;
  name: string;
  legalName: string | null;
  /** The FRN; an ISA platform's FCA reference. */
  frn: string | null;
  nameNote: string | null;
  /** Group or bank type, an ISA's FSCS category, a pension's category. */
  type: string;
  protectionBasis: string;
  /** The licence (banking group) a bank or ISA platform sits under. */
  groupId: string | null;
  groupName: string | null;
  websiteUrl: string | null;
  comments: string | null;
  userMessage: string | null;
  displayToUser: boolean;
  warnUserLevel: string;
  confidenceScore: number;
  isActive: boolean;
  updatedFlag: boolean;
  adminEditedAt: string | null;
  isUpdated: boolean;
  isShared: boolean;
  brands?: GroupMember[];
  isaPlatforms?: GroupMember[];
}

export interface BankDataOverview {
  tab: BankDataTab;
  q: string;
  page: number;
  pageSize: number;
  total: number;
  counts: Record<BankDataTab, number>;
  lastSync: { at: string; source: 'import' | 'data-files' } | null;
  rows: BankDataRow[];
}

/** What an admin may correct by hand; only the fields changed are sent. */
export interface BankDataEdit {
  name?: string;
  legalName?: string;
  frn?: string | null;
  nameNote?: string | null;
  comments?: string | null;
  userMessage?: string | null;
  websiteUrl?: string | null;
  displayToUser?: boolean;
  warnUserLevel?: string;
  confidenceScore?: number;
  bankingGroupId?: string;
}

export const bankDataKeys = {
  all: ['admin', 'bank-data', 'overview'] as const,
  overview: (tab: BankDataTab, q: string, page: number) => [...bankDataKeys.all, tab, q, page] as const,
};

export function overviewPath(tab: BankDataTab, q: string, page: number): string {
  const params = new URLSearchParams({ tab });
  if (q !== '') params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `/api/admin/bank-data/overview?${params}`;
}

export function fetchOverview(tab: BankDataTab, q: string, page: number, signal?: AbortSignal) {
  return apiFetch<BankDataOverview>(overviewPath(tab, q, page), { signal });
}

export function useBankDataOverview(tab: BankDataTab, q: string, page: number) {
  return useQuery({
    queryKey: bankDataKeys.overview(tab, q, page),
    queryFn: ({ signal }) => fetchOverview(tab, q, page, signal),
    // The last page stays on screen while the next search loads: no flash of skeletons per keystroke.
    placeholderData: keepPreviousData,
  });
}

export function useEditBankDataRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tab, id, edit }: { tab: BankDataTab; id: string; edit: BankDataEdit }) =>
      apiFetch<{ row: BankDataRow }>(`/api/admin/bank-data/${tab}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: edit,
      }),
    // Every tab may show the row (a group lists its brands): all of them refetch.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankDataKeys.all }),
  });
}

/**
 * The transactions overview's filters live in the page address (so a filtered view can be
 * reloaded, shared and exported): accountId, type, from, to, q, sort and page. Values that are
 * not valid are dropped rather than sent on.
 */
import { isCalendarDate } from '../../core/dates/calendar-date.ts';
import { isTransactionType, type TransactionType } from '../../core/transactions/transaction-types.ts';

export const OVERVIEW_SORTS = ['date-desc', 'date-asc', 'amount-desc', 'amount-asc'] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];

export const SORT_LABELS: Record<OverviewSort, string> = {
  'date-desc': 'Newest first',
  'date-asc': 'Oldest first',
  'amount-desc': 'Largest amount first',
  'amount-asc': 'Smallest amount first',
};

export interface OverviewFilters {
  accountId: string;
  type: TransactionType | '';
  from: string;
  to: string;
  q: string;
  sort: OverviewSort;
  page: number;
}

export const NO_FILTERS: OverviewFilters = {
  accountId: '',
  type: '',
  from: '',
  to: '',
  q: '',
  sort: 'date-desc',
  page: 1,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_SEARCH_LENGTH = 100;

export function filtersFromSearch(params: URLSearchParams): OverviewFilters {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const date = (name: string) => (isCalendarDate(text(name)) ? text(name) : '');
  const type = text('type');
  const sort = text('sort');
  const page = Number(text('page'));
  return {
    accountId: UUID.test(text('accountId')) ? text('accountId') : '',
    type: isTransactionType(type) ? type : '',
    from: date('from'),
    to: date('to'),
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: (OVERVIEW_SORTS as readonly string[]).includes(sort) ? (sort as OverviewSort) : 'date-desc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The parameters that differ from no filter at all (the address and the API query). */
export function overviewSearchParams(filters: OverviewFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  if (filters.accountId) params.set('accountId', filters.accountId);
  if (filters.type) params.set('type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'date-desc') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** Whether any filter narrows the list (sort and page do not). */
export function isFiltered(filters: OverviewFilters): boolean {
  return Boolean(filters.accountId || filters.type || filters.from || filters.to || filters.q.trim());
}

/** Pages needed for `total` rows. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

import { apiFetch } from '../app/api.ts';
import type { BankOption, IsaProviderOption, IsaType, PensionProviderOption } from './types.ts';

/**
 * React-query keys for the public reference data. Reference rows change rarely (an admin edit,
 * a data update on deploy), so the pickers cache each search for a while.
 */
export const referenceKeys = {
  all: ['reference'] as const,
  banks: (q: string, options: { excludePlatforms?: boolean } = {}) =>
    [...referenceKeys.all, 'banks', { q, excludePlatforms: options.excludePlatforms === true }] as const,
  isaProviders: (q: string, isaType?: IsaType) =>
    [...referenceKeys.all, 'isa-providers', { q, isaType: isaType ?? null }] as const,
  pensionProviders: (q: string) => [...referenceKeys.all, 'pension-providers', { q }] as const,
};

/** Five minutes: long enough that reopening a picker or retyping a search asks nothing new. */
export const REFERENCE_STALE_TIME_MS = 5 * 60_000;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export interface FetchBanksOptions {
  /** Leave out platforms (type 'platform', or a name matching chip or raisin): 001 §5's platform-only filter. */
  excludePlatforms?: boolean;
  /** Exactly these rows (up to 50), ignoring `q` and the limit: for restoring a saved selection. */
  ids?: readonly string[];
  signal?: AbortSignal;
}

/** Active banks whose brand, legal or alternative name contains `q` (at most 20, by name). */
export async function fetchBanks(
  q: string,
  { excludePlatforms, ids, signal }: FetchBanksOptions = {},
): Promise<BankOption[]> {
  const path = withQuery('/api/reference/banks', {
    q: q.trim(),
    excludePlatforms: excludePlatforms ? 'true' : undefined,
    ids: ids && ids.length > 0 ? ids.join(',') : undefined,
  });
  const body = await apiFetch<{ banks?: BankOption[] }>(path, { signal });
  return body?.banks ?? [];
}

/** Active ISA managers matching `q`, offering `isaType` when given (at most 10, by platform name). */
export async function fetchIsaProviders(
  q: string,
  { isaType, signal }: { isaType?: IsaType; signal?: AbortSignal } = {},
): Promise<IsaProviderOption[]> {
  const path = withQuery('/api/reference/isa-providers', { q: q.trim(), isaType });
  const body = await apiFetch<{ providers?: IsaProviderOption[] }>(path, { signal });
  return body?.providers ?? [];
}

/** Active pension providers matching `q` (all of them, about 24, when `q` is empty). */
export async function fetchPensionProviders(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PensionProviderOption[]> {
  const path = withQuery('/api/reference/pension-providers', { q: q.trim() });
  const body = await apiFetch<{ providers?: PensionProviderOption[] }>(path, { signal });
  return body?.providers ?? [];
}

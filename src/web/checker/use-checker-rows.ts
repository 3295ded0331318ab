import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ResolvedRow } from '../../core/checker/accounts.ts';
import { decodeFragment, encodeFragment } from '../../core/checker/fragment.ts';
import type { CheckerRow } from '../../core/checker/state.ts';
import { isCheckerSelectable } from '../../core/protection/bank-category.ts';
import { fetchBanks, referenceKeys, REFERENCE_STALE_TIME_MS } from '../reference/api.ts';
import type { BankOption } from '../reference/types.ts';

/** A row on the page: the engine's row with its bank, and a key that survives removals. */
export type PageRow = ResolvedRow & { key: number; bank: BankOption };

export const RESTORE_FAILED = 'We could not load the banks saved in this link. Check your connection and try again.';

export function missingBanksMessage(count: number): string {
  return count === 1
    ? 'One bank saved in this link is no longer in our list, so its row was left out.'
    : `${count} banks saved in this link are no longer in our list, so their rows were left out.`;
}

function toCheckerRow({ bank, amountPence, holders, temporaryHighBalance }: PageRow): CheckerRow {
  return temporaryHighBalance
    ? { bankId: bank.id, amountPence, holders, temporaryHighBalance }
    : { bankId: bank.id, amountPence, holders };
}

/**
 * Writes the fragment in place (history.replaceState): no new history entry per edit, nothing
 * sent anywhere, and the router's own history state kept. '' removes the fragment.
 */
function replaceFragment(fragment: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${fragment ? `#${fragment}` : ''}`);
}

/** Whether a fragment is an in-page link ('#main') rather than a check. */
function namesAnElement(fragment: string): boolean {
  try {
    return document.getElementById(decodeURIComponent(fragment)) !== null;
  } catch {
    return false; // a bad escape: not an element id, so the decoder says the link cannot be read
  }
}

/**
 * The checker's rows, kept in the URL fragment and nowhere else. A link's fragment is read once
 * on arrival (and again if the visitor pastes another into the address bar); its banks are
 * looked up by id. The fragment is rewritten only once the visitor edits, so a link this version
 * cannot read is left as it was.
 */
export function useCheckerRows() {
  const location = useLocation();
  const [rows, setRows] = useState<PageRow[]>([]);
  const [pending, setPending] = useState<CheckerRow[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nextKey = useRef(1);
  const written = useRef<string | null>(null);
  const edited = useRef(false);

  const load = useCallback((fragment: string) => {
    const decoded = decodeFragment(fragment);
    edited.current = false;
    written.current = fragment.replace(/^#/, '');
    setRows([]);
    setNotice(decoded.ok ? null : decoded.message);
    setPending(decoded.state.rows.length > 0 ? decoded.state.rows : null);
  }, []);

  // Once, on arrival: the router's location (the memory router in tests) carries the fragment.
  const initialHash = useRef(location.hash);
  useEffect(() => load(initialHash.current), [load]);

  // A fragment pasted into the address bar loads that check; an in-page link ('#main', the skip
  // link) moves focus as usual and then the check's own fragment is put back.
  useEffect(() => {
    const onHashChange = () => {
      const fragment = window.location.hash.replace(/^#/, '');
      if (fragment === written.current) return;
      if (fragment !== '' && namesAnElement(fragment)) {
        replaceFragment(written.current ?? '');
        return;
      }
      load(fragment);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [load]);

  const ids = pending ? [...new Set(pending.map((row) => row.bankId))] : [];
  const restore = useQuery({
    queryKey: [...referenceKeys.all, 'banks', { ids }],
    queryFn: ({ signal }) => fetchBanks('', { ids, signal }),
    enabled: pending !== null,
    staleTime: REFERENCE_STALE_TIME_MS,
  });

  useEffect(() => {
    if (!pending || !restore.data) return;
    const byId = new Map(restore.data.filter(isCheckerSelectable).map((bank) => [bank.id, bank]));
    const restored: PageRow[] = [];
    for (const row of pending) {
      const bank = byId.get(row.bankId);
      if (bank) restored.push({ ...row, bank, key: nextKey.current++ });
    }
    const missing = pending.length - restored.length;
    setRows(restored);
    setPending(null);
    if (missing > 0) setNotice(missingBanksMessage(missing));
  }, [pending, restore.data]);

  useEffect(() => {
    if (!edited.current) return;
    const fragment = encodeFragment({ rows: rows.map(toCheckerRow) });
    written.current = fragment;
    if (window.location.hash.replace(/^#/, '') !== fragment) replaceFragment(fragment);
  }, [rows]);

  const addRow = useCallback((row: Omit<PageRow, 'key'>) => {
    edited.current = true;
    setNotice(null);
    setRows((current) => [...current, { ...row, key: nextKey.current++ }]);
  }, []);

  const removeRow = useCallback((key: number) => {
    edited.current = true;
    setRows((current) => current.filter((row) => row.key !== key));
  }, []);

  /** Drops a link that cannot be restored and starts an empty check. */
  const startAgain = useCallback(() => {
    edited.current = true;
    setPending(null);
    setNotice(null);
    setRows([]);
  }, []);

  return {
    rows,
    notice,
    isRestoring: pending !== null && !restore.isError,
    restoreError: pending !== null && restore.isError ? RESTORE_FAILED : null,
    retryRestore: () => void restore.refetch(),
    addRow,
    removeRow,
    startAgain,
  };
}

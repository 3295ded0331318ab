import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A calculator's form kept in the page's address: the form is read from the query parameters and
 * every change writes them all back (replacing the history entry, keeping the scroll), so the
 * address always reopens the calculation.
 */
export function useAddressForm<F>(
  read: (params: URLSearchParams) => F,
  write: (form: F) => URLSearchParams,
): [F, (change: (form: F) => F) => void] {
  const [params, setParams] = useSearchParams();
  const form = useMemo(() => read(params), [params, read]);
  const update = useCallback(
    (change: (form: F) => F) =>
      setParams((current) => write(change(read(current))), { replace: true, preventScrollReset: true }),
    [read, write, setParams],
  );
  return [form, update];
}

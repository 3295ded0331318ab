import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter as state: its value and a setter that replaces the history entry (so tab
 * switches do not pile up in Back) and keeps the scroll position.
 */
export function useQueryParam(name: string): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const setValue = useCallback(
    (value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(name, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [name, setParams],
  );
  return [params.get(name), setValue];
}

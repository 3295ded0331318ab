import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddressEchoes } from './address-echoes.ts';

/**
 * A calculator's form kept in the page's address: the form opens from the query parameters, and
 * every change writes them all back (replacing the history entry, keeping the scroll), so the
 * address always reopens the calculation. The form itself is state: what someone types shows at
 * once, however fast they type, and the address follows; an address changed from outside (a link,
 * Back) is read again, while the form's own addresses coming back late are not (AddressEchoes).
 */
export function useAddressForm<F>(
  read: (params: URLSearchParams) => F,
  write: (form: F) => URLSearchParams,
): [F, (change: (form: F) => F) => void] {
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState(() => read(params));
  const current = useRef(form);
  const echoes = useRef<AddressEchoes | null>(null);
  echoes.current ??= new AddressEchoes(params.toString());

  useEffect(() => {
    if (!echoes.current?.isFromOutside(params.toString())) return;
    current.current = read(params);
    setForm(current.current);
  }, [params, read]);

  const update = useCallback(
    (change: (form: F) => F) => {
      const next = change(current.current);
      current.current = next;
      setForm(next);
      const address = write(next);
      echoes.current?.wrote(address.toString());
      setParams(address, { replace: true, preventScrollReset: true });
    },
    [write, setParams],
  );
  return [form, update];
}

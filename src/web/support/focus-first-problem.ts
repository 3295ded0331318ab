import { type RefObject, useEffect, useState } from 'react';

/**
 * Takes the keyboard to the first control marked invalid in `form` once a refused submit's
 * messages are drawn (an effect after that render), so its message is read out with it.
 */
export function useFocusFirstProblem(form: RefObject<HTMLFormElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, form]);
  return () => setAsked((n) => n + 1);
}

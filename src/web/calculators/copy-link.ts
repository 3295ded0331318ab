import { notify } from '../app/notify.ts';

export const CALCULATOR_LINK_COPIED =
  'Link copied. It holds the figures you entered, so share it only with people you trust.';
export const CALCULATOR_LINK_NOT_COPIED =
  'The link could not be copied. Copy it from your browser’s address bar instead.';

/** Copies the page's address, which holds the calculation. */
export async function copyCalculatorLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    notify.success(CALCULATOR_LINK_COPIED);
  } catch {
    notify.error(CALCULATOR_LINK_NOT_COPIED);
  }
}

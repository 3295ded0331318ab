/** The Terms and Conditions card's fixed words (001 §2, §8) and the smart-alerts banner's rule (001 §2). */

/** The toasts (001 §8 "Terms"), verbatim. */
export const TERM_NOTICES = {
  addedTitle: 'Term Added',
  added: (label: string) => `${label} has been added to your account.`,
  updatedTitle: 'Term Updated',
  updated: 'Your term has been updated successfully.',
  deletedTitle: 'Term Deleted',
  deleted: 'The term has been removed from your account.',
  errorTitle: 'Error',
  fetchFailed: 'Failed to fetch terms',
  createFailed: 'Failed to create term',
  updateFailed: 'Failed to update term',
  deleteFailed: 'Failed to delete term',
} as const;

/** The delete confirmation (001 §2), verbatim. */
export function deleteTermConfirmation(label: string): string {
  return `Are you sure you want to delete "${label}"? This action cannot be undone and will remove all tracking data for this term.`;
}

/** The dialog's switch and notes field (001 §2). */
export const TERM_DIALOG_TEXT = {
  notificationsSwitch: 'Enable notifications for this term',
  notesLabel: 'Additional Notes',
  markDeposited: 'Mark deposited',
} as const;

/**
 * Whether the account page shows the banner offering 'Add T&Cs' (001 §2): smart alerts are on
 * and the account has no terms notes. "No terms notes" is read as neither notes typed on the
 * account (`terms_notes`) nor any term: an account with terms already has its T&Cs.
 * A dismissal is the page's to remember.
 */
export function showsAddTermsBanner(account: {
  enableSmartAlerts: boolean;
  termsNotes: string | null;
  termCount: number;
}): boolean {
  return account.enableSmartAlerts && !account.termsNotes?.trim() && account.termCount === 0;
}

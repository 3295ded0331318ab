/** The spec's footer texts (000 §7), word for word, and ours where the spec has none (ADR 0062). */
export const FOOTER_MESSAGES = {
  loadFailed: 'Failed to load footers',
  saveFailed: 'Failed to save footer',
  activateFailed: 'Failed to activate footer',
  deleteFailed: 'Failed to delete footer',
  saved: 'Footer saved successfully',
  created: 'Footer created successfully',
  activated: 'Footer activated successfully',
  deleted: 'Footer deleted successfully',
  // Ours (the spec has no text for these).
  notFound: 'Footer not found',
  activeNotDeletable: 'The active footer cannot be deleted. Activate another footer first.',
} as const;

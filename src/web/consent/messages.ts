/** The spec's consent toasts (000 §8), verbatim, and its offline notice (§4). */
export const CONSENT_MESSAGES = {
  saved: 'Cookie preferences saved successfully',
  failed: 'Failed to save cookie preferences',
  acceptedAll: 'All cookies accepted and saved',
  rejectedAll: 'All non-essential cookies rejected and saved',
  offline: 'You are offline. Your cookie preferences are saved locally and will sync later.',
} as const;

/** Spec 000 §4 and §8, verbatim. */
export const INACTIVITY_MESSAGE = 'You have been logged out due to inactivity';
export const SIGNED_OUT_MESSAGE = 'Signed out successfully';
export const SIGN_OUT_FAILED_MESSAGE = 'Failed to sign out. Please try again.';
export const SIGN_OUT_UNREACHABLE_MESSAGE = 'Failed to sign out';

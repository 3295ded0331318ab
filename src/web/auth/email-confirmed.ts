/** Said on the page a verification link leads to once it has signed the user in. */
export const EMAIL_CONFIRMED_MESSAGE = 'Your email address is confirmed.';
/** Said on the sign-in page when the link confirmed the address but could not sign in (two-factor, a second use). */
export const EMAIL_CONFIRMED_SIGN_IN_MESSAGE = 'Your email address is confirmed. Sign in to continue.';

/** What the auth callback hands the sign-in page in navigation state. */
export interface EmailConfirmedState {
  emailConfirmed?: boolean;
}

/**
 * The local mailbox opens only with the token its server printed at start (docs/decisions/0007):
 * the page reads it from this query parameter and sends it to the API in this header.
 */
export const MAILBOX_TOKEN_PARAM = 'token';
export const MAILBOX_TOKEN_HEADER = 'X-Mailbox-Token';

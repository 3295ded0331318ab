/**
 * Common passwords (NIST SP 800-63B 3.1.1.2: refuse passwords found in lists of commonly used or
 * breached ones). The list ships with the app in data/common-passwords/; the server checks it
 * and the web app shows the server's refusal (docs/decisions/0020-common-passwords.md).
 */
export const PASSWORD_TOO_COMMON_CODE = 'PASSWORD_TOO_COMMON';

export const PASSWORD_TOO_COMMON_MESSAGE = 'This password is too common. Choose a less predictable one.';

/** The form a password is compared in: the list is lower case, and case does not make a common password safe. */
export function blocklistForm(password: string): string {
  return password.toLowerCase();
}

/** Whether `password` is on `list` (entries in `blocklistForm`), ignoring case. */
export function isListedPassword(password: string, list: ReadonlySet<string>): boolean {
  return list.has(blocklistForm(password));
}

import { isReferenceId } from '../../core/accounts/account-schema.ts';
import { AppError } from '../errors.ts';

export const ACCOUNT_NOT_FOUND = 'Account not found';

/**
 * The account id from a path, in lower case. Text that is not an id cannot name one of the
 * user's accounts: 404 'Account not found', as for an unknown id or a stranger's, so a malformed
 * id tells a caller nothing more (and never reaches the database as a bad uuid).
 */
export function accountIdOf(id: string): string {
  if (!isReferenceId(id)) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  return id.toLowerCase();
}

import { APIError } from 'better-auth/api';
import { describe, expect, it, vi } from 'vitest';
import { isDuplicateKeyConflict, retryOnDuplicateKey, SIGN_UP_MAX_ATTEMPTS } from './sign-up-retry.ts';

const conflict = () =>
  new APIError('UNPROCESSABLE_ENTITY', { code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' });

describe('the duplicate-key retry on sign-up', () => {
  it('knows a duplicate key from other failures', () => {
    expect(isDuplicateKeyConflict(conflict())).toBe(true);
    expect(isDuplicateKeyConflict(Object.assign(new Error('wrapped'), { cause: { code: '23505' } }))).toBe(true);
    expect(isDuplicateKeyConflict(new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'short' }))).toBe(
      false,
    );
    expect(isDuplicateKeyConflict(new Error('boom'))).toBe(false);
  });

  it('tries again once a second and succeeds when the conflict has passed', async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValueOnce(conflict()).mockResolvedValueOnce('created');
    await expect(retryOnDuplicateKey(attempt, { sleep })).resolves.toBe('created');
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledExactlyOnceWith(1000);
  });

  it(`gives up after ${SIGN_UP_MAX_ATTEMPTS} attempts`, async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValue(conflict());
    await expect(retryOnDuplicateKey(attempt, { sleep })).rejects.toBeInstanceOf(APIError);
    expect(attempt).toHaveBeenCalledTimes(SIGN_UP_MAX_ATTEMPTS);
    expect(sleep).toHaveBeenCalledTimes(SIGN_UP_MAX_ATTEMPTS - 1);
  });

  it('does not retry other failures', async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(retryOnDuplicateKey(attempt, { sleep })).rejects.toThrow('boom');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

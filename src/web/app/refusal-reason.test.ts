import { describe, expect, it } from 'vitest';
import { ApiError, refusalReason } from './api.ts';

describe('the server’s reason for a refusal', () => {
  it('is the message of a 4xx that has one, and nothing for a failure, a signed-out 401 or a bare 4xx', () => {
    expect(refusalReason(new ApiError(400, 'VALIDATION_FAILED', 'Interest rate must be 100% or less'))).toBe(
      'Interest rate must be 100% or less',
    );
    expect(refusalReason(new ApiError(403, 'ACCOUNT_LIMIT_REACHED', 'You have reached the limit of 3 accounts'))).toBe(
      'You have reached the limit of 3 accounts',
    );
    expect(refusalReason(new ApiError(401, 'UNAUTHENTICATED', 'Authentication required'))).toBeNull();
    expect(refusalReason(new ApiError(500, 'INTERNAL', 'Something broke'))).toBeNull();
    expect(refusalReason(new ApiError(409, 'CONFLICT', ''))).toBeNull();
    expect(refusalReason(new Error('offline'))).toBeNull();
  });
});

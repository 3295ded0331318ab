import { describe, expect, it } from 'vitest';
import { admittedAfterSwitch } from './require-found.ts';

describe('admittedAfterSwitch', () => {
  const refused = new Error('Authentication required');
  const checkFailed = new Error('the session no longer admits this user');

  it('admits the rows once the switch and its check went through', async () => {
    let admitted = 0;
    await admittedAfterSwitch(Promise.resolve(), () => {
      admitted += 1;
    });
    expect(admitted).toBe(1);
  });

  it("answers with the opening's refusal before a check that failed because of it", async () => {
    await expect(
      admittedAfterSwitch(Promise.reject(checkFailed), () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });

  it('fails as the check did when the opening admitted the rows', async () => {
    let admitted = 0;
    await expect(
      admittedAfterSwitch(Promise.reject(checkFailed), () => {
        admitted += 1;
      }),
    ).rejects.toBe(checkFailed);
    expect(admitted).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { OWN_WRITES_STEPS, OwnWrites } from './own-writes.ts';

const to = (id: string) => ({ accountIds: [id], entries: [] });
const notTo = (id: string) => (write: { accountIds: readonly string[] }) => !write.accountIds.includes(id);

describe("a server's own writes", () => {
  it('cover the versions between two when every step is a recorded write the answer lets through', () => {
    const writes = new OwnWrites();
    writes.record('ann', 3, 4, to('a'));
    writes.record('ann', 4, 5, to('b'));
    expect(writes.cover('ann', 3, 5, notTo('c'))).toBe(true);
    expect(writes.cover('ann', 4, 5, notTo('a'))).toBe(true);
    expect(writes.cover('ann', 3, 5, notTo('a'))).toBe(false);
    expect(writes.cover('ann', 3, 6, notTo('c')), 'a step not recorded').toBe(false);
    expect(writes.cover('ann', 5, 5, notTo('c')), 'nothing to cover').toBe(false);
    expect(writes.cover('bob', 3, 4, notTo('c'))).toBe(false);
  });

  it('are recorded only when they moved the version by exactly one step (nobody else wrote in between)', () => {
    const writes = new OwnWrites();
    writes.record('ann', 3, 5, to('a'));
    writes.record('ann', null, 1, to('a'));
    writes.record('ann', undefined, 1, to('a'));
    writes.record('ann', 3, null, to('a'));
    expect(writes.cover('ann', 3, 4, notTo('c'))).toBe(false);
    expect(writes.cover('ann', 0, 1, notTo('c'))).toBe(false);
  });

  it(`keep a user's last ${OWN_WRITES_STEPS} steps and at most so many users`, () => {
    const writes = new OwnWrites(2);
    for (let v = 0; v <= OWN_WRITES_STEPS; v++) writes.record('ann', v, v + 1, to('a'));
    expect(writes.cover('ann', 0, 1, notTo('c'))).toBe(false);
    expect(writes.cover('ann', 1, OWN_WRITES_STEPS + 1, notTo('c'))).toBe(true);
    writes.record('bob', 1, 2, to('a'));
    writes.record('cat', 1, 2, to('a'));
    expect(writes.cover('ann', 1, 2, notTo('c'))).toBe(false);
    expect(writes.cover('cat', 1, 2, notTo('c'))).toBe(true);
  });
});

/**
 * A route's kept answers in one call (docs/decisions/0039): the signed-in user's answer kept under
 * the key their session opening read, else one kept under an older version that only this
 * server's own writes, none of them feeding it, have moved on since (`CarryThrough`), else the one
 * being computed for the same key, else `compute`'s, kept and sent. Without keeping
 * (`keep: false`, the oracle the tests hold kept answers to) every request computes.
 */
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session.ts';
import type { AppEnv } from '../http/context.ts';
import { AnswerCache, answerKeyOf, sharedAnswerStore } from './answer-cache.ts';
import { jsonText } from './json-text.ts';
import { type OwnWrite, sharedOwnWrites } from './own-writes.ts';

export type KeptAt = {
  session: Pick<SessionUser, 'userId' | 'dataVersions' | 'tier' | 'isAdmin'>;
  now: Date;
  /** The UK date the answer is for (part of the key). */
  today: string;
  /** What else the answer depends on (a query's `asAt`, an account's id). */
  variant?: string;
};

/** Which of this server's own writes leave an answer as it was, by what is kept with it. */
export type CarryThrough<T, F> = {
  /** What of the answer decides it, kept beside it. */
  factsOf: (answer: T) => F;
  /** Whether `write` leaves an answer with these facts as it was. */
  leavesAsIs: (write: OwnWrite, facts: F) => boolean;
};

export function keptAnswers(keep: boolean) {
  const cache = keep ? new AnswerCache({ store: sharedAnswerStore }) : null;
  return async <T, F = never>(
    c: Context<AppEnv>,
    { session, now, today, variant }: KeptAt,
    compute: () => Promise<T>,
    carry?: CarryThrough<T, F>,
  ) => {
    const key = cache ? answerKeyOf(session, today, variant) : null;
    if (!cache || !key) return jsonText<T>(c, JSON.stringify(await compute()));
    const computed = async () => {
      const answer = await compute();
      return { json: JSON.stringify(answer), facts: carry?.factsOf(answer) };
    };
    const through =
      carry && key.userVersion !== null
        ? (from: number, facts: unknown) =>
            sharedOwnWrites.cover(session.userId, from, key.userVersion!, (write) =>
              carry.leavesAsIs(write, facts as F),
            )
        : undefined;
    return jsonText<T>(c, await cache.answer(session.userId, key, now, computed, through));
  };
}

/**
 * A route's kept answers in one call (docs/decisions/0039): the signed-in user's answer kept under
 * the key their session opening read, else the one being computed for the same key, else
 * `compute`'s, kept and sent. Without keeping (`keep: false`, the oracle the tests hold kept
 * answers to) every request computes.
 */
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session.ts';
import type { AppEnv } from '../http/context.ts';
import { AnswerCache, answerKeyOf, sharedAnswerStore } from './answer-cache.ts';
import { jsonText } from './json-text.ts';

export type KeptAt = {
  session: Pick<SessionUser, 'userId' | 'dataVersions' | 'tier' | 'isAdmin'>;
  now: Date;
  /** The UK date the answer is for (part of the key). */
  today: string;
  /** What else the answer depends on (a query's `asAt`, an account's id). */
  variant?: string;
};

export function keptAnswers(keep: boolean) {
  const cache = keep ? new AnswerCache({ store: sharedAnswerStore }) : null;
  return async <T>(c: Context<AppEnv>, { session, now, today, variant }: KeptAt, compute: () => Promise<T>) => {
    const text = async () => JSON.stringify(await compute());
    const key = cache ? answerKeyOf(session, today, variant) : null;
    return jsonText<T>(c, cache && key ? await cache.answer(session.userId, key, now, text) : await text());
  };
}

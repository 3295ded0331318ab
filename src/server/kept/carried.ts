/**
 * What a kept value needs to be carried to a newer user version (ADR 0069–0073): the user's value
 * kept under `key`, or under an older user version of it with every step since one of this
 * server's recorded writes. Each keeper applies the steps in its own way.
 */
import { type AnswerKey, answerKeyText, olderUserVersionOf } from './answer-cache.ts';
import type { KeptPerUser } from './kept-per-user.ts';
import type { OwnWrite, OwnWrites } from './own-writes.ts';

export type KeptWithSteps<T> = { value: T; keptUnder: string; steps: OwnWrite[] };

/** The kept value, the key it was kept under and the steps since (none: kept under `key`); else undefined. */
export function keptWithSteps<T>(
  kept: KeptPerUser<T>,
  writes: OwnWrites,
  userId: string,
  key: AnswerKey,
  now: Date,
): KeptWithSteps<T> | undefined {
  const found = kept.peekKeyed(userId, now.getTime());
  if (!found) return undefined;
  if (found.key === answerKeyText(key)) return { value: found.value, keptUnder: found.key, steps: [] };
  const from = olderUserVersionOf(found.key, key);
  const steps = from === undefined ? null : writes.steps(userId, from, key.userVersion!);
  return steps ? { value: found.value, keptUnder: found.key, steps } : undefined;
}

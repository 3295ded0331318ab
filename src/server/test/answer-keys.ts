/** Kept answers' keys and instants for the caches' unit tests (kept/, protection/, dashboard/). */
import type { AnswerKey } from '../kept/answer-cache.ts';

/** A key at user version 3, reference version 1, on 1 December 2026, Big Pig, not an admin; `overrides` changed. */
export const answerKey = (overrides: Partial<AnswerKey> = {}): AnswerKey => ({
  userVersion: 3,
  referenceVersion: 1,
  today: '2026-12-01',
  tier: 'bigpig',
  isAdmin: false,
  ...overrides,
});

/** `ms` after midday (UTC) on 1 December 2026. */
export const instant = (ms: number) => new Date(Date.UTC(2026, 11, 1, 12) + ms);

/**
 * Work a `user` or `admin` route leaves until its request transaction has committed, such as an
 * e-mail about what the transaction did: a rolled-back request sends nothing. Each task runs once,
 * after the commit and before the response leaves; a task that throws is logged, never answered.
 */
import type { Context } from 'hono';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import type { AppEnv } from './context.ts';

/** Queues `task` for after the request's commit (the route must be declared user or admin). */
export function afterCommit(c: Context<AppEnv>, task: () => void): void {
  const tasks = c.get('afterCommit');
  if (!tasks) throw new Error('No request transaction: is the route declared user or admin?');
  tasks.push(task);
}

export function runAfterCommit(tasks: (() => void)[], logger: Logger): void {
  for (const task of tasks) {
    try {
      task();
    } catch (err) {
      logger.error('after-commit task failed', errorFields(err));
    }
  }
}

import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import { type DigestDeps, sendDigests } from './digest.ts';

export const DIGEST_JOB = 'notifications:digest';

/** Hourly: the first run of each UK day sends it; later runs find nobody due (or retry a failure). */
export const DIGEST_EVERY_SECONDS = 60 * 60;

/** Registers the daily digest (one run per slot across all instances) and its schedule. */
export async function scheduleNotificationDigest(
  jobs: JobRunner,
  deps: DigestDeps & { clock: Clock; logger: Logger },
): Promise<void> {
  jobs.registerInSteps(DIGEST_JOB, async ({ step }) => {
    const now = deps.clock.now();
    const day = calendarDateInLondon(now);
    const run = await sendDigests(deps, day, {
      now,
      renew: () => step(async () => {}),
      onError: (err) => deps.logger.warn('notification digest failed', { day, ...errorFields(err) }),
    });
    if (run.sent > 0 || run.failed > 0) deps.logger.info('notification digests', { day, ...run });
  });
  await jobs.schedule(DIGEST_JOB, DIGEST_EVERY_SECONDS);
}
